/**
 * UI chrome strings (not editorial content, which lives in content/*.json).
 * The spec's exact French strings are kept verbatim here.
 */
export const copy = {
  skipLink: "Aller au contenu principal",
  themeToggle: "Thème sombre",
  menuOpen: "Ouvrir le menu",
  menuClose: "Fermer le menu",
  mainNav: "Navigation principale",
  newTab: "(nouvel onglet)",
  stars: (rating: string) => `Note : ${rating} sur 5`,
  shopVisit: "Visiter la boutique",
  gallery: {
    title: "Articles Vendus Authentifiés",
    intro: "Un aperçu des pièces authentifiées par maxAi et déjà vendues sur nos boutiques.",
    all: "Tous",
    filterLabel: "Filtrer par catégorie",
    sold: "VENDU",
    statsLabel: "Chiffres de la galerie",
    totalSold: "articles vendus",
    totalViews: "vues au total",
    averagePrice: "prix moyen",
    topBrand: "marque phare",
    more: (remaining: number) => `Voir plus d'articles (${remaining} restants)`,
    views: (count: string) => `${count} vues`,
    favorites: (count: string) => `${count} favoris`,
    shown: (shown: number, total: number) => `${shown} articles affichés sur ${total}`,
  },
  news: {
    title: "Actualités 24h",
    eyebrow: "24h news",
    intro: "La veille de maxAi sur la seconde main et l'authentification.",
    relevance: "pertinence",
    loading: "Mise à jour des actualités…",
  },
  shops: {
    eyebrow: "Nos boutiques",
    title: "Retrouvez-nous sur Vinted",
    intro: "Deux boutiques, des centaines d'articles authentifiés et des acheteurs satisfaits.",
  },
  brands: {
    eyebrow: "Marques",
    title: "Les marques que nous authentifions",
  },
  engine: {
    eyebrow: "Moteur IA",
    play: "Lire le diaporama",
    pause: "Mettre en pause le diaporama",
    mute: "Son coupé",
    slide: (index: number, total: number) => `${index} sur ${total}`,
    previous: "Image précédente",
    next: "Image suivante",
  },
  footer: {
    legal: "Site vitrine. Les achats se font sur nos boutiques Vinted.",
  },
} as const
