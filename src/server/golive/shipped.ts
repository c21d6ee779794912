/**
 * What the project ships as examples, named once: the shop links of content/shops.json and the
 * drawings standing in for photos (content/images/items/ and shops/, drawn by
 * scripts/generate-images.mjs). The go-live checklist (./checks.ts) says the site still shows
 * them. A photo is known by its SHA-256, not its name: a real photo saved under a demo's name is
 * not a demo, a demo renamed still is. __tests__/server/golive.test.ts holds both lists to the
 * shipped files: a new drawing or example link must be added here.
 */
import type { ContentFile } from "../../../build-steps/content/rules"

/** The Vinted addresses content/shops.json ships with: no real shop is behind them. */
export const EXAMPLE_SHOP_URLS: ReadonlySet<string> = new Set([
  "https://www.vinted.fr/member/184512345-maxai-officiel",
  "https://www.vinted.fr/member/201734589-maxai-premium",
])

/** SHA-256 (hex) of each shipped drawing, by the file it ships as. */
export const DEMO_PHOTOS: Readonly<Record<string, string>> = {
  "images/items/01-lacoste-polo-blanc.jpg": "fb7c35f98a11b9558f0997456c1a1409e596de357a35d4c950882bb60bdce407",
  "images/items/02-ralph-lauren-polo-marine.jpg": "5daf2abd7a8cde8f468ef267f51ab07eb643f74a274ea948194d179930f7b6df",
  "images/items/03-tommy-hilfiger-polo-rouge.jpg": "9067c08bbd0761916a8dfb653c90ac00b5115256e9eb5201cf4bec7e46fb13ca",
  "images/items/04-lacoste-polo-vert.jpg": "5436ecfb00b734d00271763c57e33d0c7a890939d37b46dfca5e76e6c2f4dfb5",
  "images/items/05-ralph-lauren-chemise-oxford.jpg": "08729d2ed0fec6ee038603b21778510c0115b959a2abd112bf4d3eb13be5ece0",
  "images/items/06-lacoste-chemise-blanche.jpg": "1295f65b875f19dcd412bce7de2c02fd5c75aa5a31c432614ec2cddb12f3e405",
  "images/items/07-tommy-hilfiger-chemise-carreaux.jpg": "70f2067c98e33b55fa8a56f6f940488d4d65b44532f7f0f7321c170f75fa6989",
  "images/items/08-lacoste-pull-marine.jpg": "907d873b819579ed791cc59c90200c265a6f7f79fb2392c32a87d8ab48ddb85b",
  "images/items/09-ralph-lauren-pull-torsade.jpg": "6127cd9f08479aee0417cd0fbc1eea1da063fc480083600c5b3e67f52be1b71b",
  "images/items/10-tommy-hilfiger-pull-rouge.jpg": "ef848ee0275e4a761f76e31b0ea1d2ff4658bc9fffc0050988a0c48771853e3c",
  "images/items/11-lancaster-sac-seau.jpg": "15d17b6ea75a6aee8c653d36b3594f66b151f362f3053e798513e722631bb7e4",
  "images/items/12-lancaster-pochette-noire.jpg": "354020c40859ad735f0ca8abf5607a4a4267e4c20bb81dbe5711a36bf382f649",
  "images/items/13-lacoste-casquette.jpg": "2dee5fb9f594facd126093716fab5ae224feebb4d19ea2d62c0dd251a4464841",
  "images/items/14-ralph-lauren-ceinture.jpg": "062b9ad66e42a2bd6422dab0aa0957240e23f2594451df3f5505a9c4cda20a6f",
  "images/items/15-lacoste-echarpe.jpg": "5cbbd3e941cc6ffbb1bef6494d7fb32521e253cda5c98ed9f116285a5e693769",
  "images/shops/maxai-officiel.png": "95ce54f362281b06a73078f600dd8d97397d634e61320603d50b8da189f747d7",
  "images/shops/maxai-premium.png": "dbd4b11c1f3560502a5bb0f64dee30eb56fe91a9e0d1adbcb0bc5a7c713dfba4",
}

/**
 * Where each content file opens in the studio: its collection and entry in static/admin/config.yml
 * (`#/collections/<collection>/entries/<entry>`) and the entry's label there. Decap opens an
 * entry, not one of its fields: the checklist names the field beside the link.
 * __tests__/server/golive.test.ts holds this table to config.yml.
 */
export const STUDIO_ENTRIES: Readonly<Record<ContentFile, { collection: string; entry: string; label: string }>> = {
  "sold-items": { collection: "listes", entry: "sold-items", label: "Articles vendus (galerie)" },
  categories: { collection: "listes", entry: "categories", label: "Catégories de la galerie" },
  brands: { collection: "listes", entry: "brands", label: "Marques" },
  shops: { collection: "listes", entry: "shops", label: "Boutiques Vinted" },
  news: { collection: "listes", entry: "news", label: "Actualités 24h" },
  site: { collection: "pages", entry: "site", label: "Accueil, référencement et pied de page" },
  splash: { collection: "pages", entry: "splash", label: "Écran d'accueil" },
  engine: { collection: "pages", entry: "engine", label: "Expertise et moteur IA" },
  buyback: { collection: "pages", entry: "buyback", label: "Service de rachat" },
  legal: { collection: "pages", entry: "legal", label: "Mentions légales et confidentialité" },
  chat: { collection: "pages", entry: "chat", label: "Assistant maxAi" },
}
