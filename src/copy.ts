import { withFrenchTypography } from "./lib/typography"

/**
 * UI chrome strings (not editorial content, which lives in content/*.json).
 * The spec's exact French strings are kept verbatim here, typed with ordinary spaces: French
 * typography (no-break spaces before ? ! : ; and inside « ») is added once, below.
 */
export const copy = withFrenchTypography({
  skipLink: "Aller au contenu principal",
  /** The home page's second skip link: the estimate form is the page's main task for a seller. */
  skipToEstimate: "Aller au formulaire d'estimation",
  themeToggle: "Thème sombre",
  menuOpen: "Ouvrir le menu",
  menuClose: "Fermer le menu",
  mainNav: "Navigation principale",
  newTab: "(nouvel onglet)",
  /** After each notice where personal data is collected (src/components/PrivacyNotice). */
  privacyLink: "Vos données et vos droits",
  stars: (rating: string) => `Note : ${rating} sur 5`,
  shopVisit: "Visiter la boutique",
  gallery: {
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
    size: (size: string) => `Taille ${size}`,
    chipCount: (count: number) => `${count} ${count > 1 ? "articles" : "article"}`,
    shown: (shown: number, total: number) => `${shown} articles affichés sur ${total}`,
  },
  news: {
    relevance: "pertinence",
    loading: "Mise à jour des actualités…",
  },
  carousel: {
    roleDescription: "carrousel",
    slideRoleDescription: "diapositive",
    position: (index: number, total: number) => `${index} sur ${total}`,
  },
  splash: {
    play: "Lire le carrousel",
    pause: "Mettre en pause le carrousel",
    showCard: (index: number, total: number, title: string) => `Afficher la carte ${index} sur ${total} : ${title}`,
  },
  engine: {
    play: "Lire le diaporama",
    pause: "Mettre en pause le diaporama",
    slideshow: "Articles en cours d'analyse",
    mute: "Son coupé",
    previous: "Image précédente",
    next: "Image suivante",
  },
  footer: {
    legal: "Site vitrine. Les achats se font sur nos boutiques Vinted.",
    /** Links to the legal pages (src/lib/legal-paths.ts), in the footer of every page. */
    mentions: "Mentions légales",
    privacy: "Confidentialité",
    legalNav: "Informations légales",
  },
  seo: {
    imageAlt: "maxAi : vêtements de marque de seconde main authentifiés par IA. Lacoste, Ralph Lauren, Tommy Hilfiger, Lancaster.",
  },
  notFound: {
    title: "Page introuvable",
    eyebrow: "Erreur 404",
    heading: "Oups, cette page est introuvable",
    text: "Le lien que vous avez suivi est peut-être ancien, ou la page a été déplacée. Nos articles authentifiés, eux, vous attendent sur la page d'accueil.",
    home: "Retour à l'accueil",
  },
  toast: {
    // Radix replaces {hotkey} with "F8".
    region: "Notifications ({hotkey})",
    // Read before each toast by screen readers.
    label: "Notification",
    close: "Fermer la notification",
  },
  estimate: {
    photosCount: (count: number, max: number) => `${count} photo${count > 1 ? "s" : ""} sur ${max}`,
    photosFull: (max: number) => `Maximum atteint (${max} photos) : retirez une photo pour en ajouter une autre.`,
    photosList: "Photos ajoutées",
    /** Several garments in one request (issue 46): the blocks, their limit and the total. */
    garments: {
      legend: (number: number) => `Article ${number}`,
      add: "Ajouter un article",
      remove: "Retirer cet article",
      full: (max: number) => `${max} articles au maximum par demande : envoyez les autres dans une deuxième demande.`,
      total: "Total indicatif :",
      totalWithout: (count: number) => (count > 1 ? `${count} articles sans estimation ne sont pas comptés.` : "1 article sans estimation n'est pas compté."),
      noPhoto: (number: number) => `Article ${number} : ajoutez au moins une photo.`,
    },
    /** Shown only without JavaScript: the photos and the anti-spam proof need it (docs/decisions/030-estimate-form-requires-javascript.md). */
    noScript: "L'envoi des photos a besoin de JavaScript : activez-le dans votre navigateur pour demander une estimation.",
    photoAlt: (index: number, name: string) => `Photo ${index} : ${name}`,
    removePhoto: (index: number) => `Retirer la photo ${index}`,
    // The product's wording, verbatim: do not rephrase.
    missing: {
      title: "Informations manquantes",
      description: "Veuillez renseigner votre email et ajouter au moins une photo.",
    },
    /**
     * The title is the spec's, verbatim; its description promised an answer « par chat en
     * direct », which does not exist: replaced by a true one (docs/decisions/027-estimate-confirmation-without-live-chat-promise.md, the estimate's confirmation).
     */
    success: {
      title: "Demande envoyée avec succès !",
      description: "Le récapitulatif de votre demande reste affiché sur la page.",
    },
    /** What stays on screen once the request is stored (EstimateForm/EstimateSent.tsx). */
    sent: {
      title: "Votre demande est bien enregistrée",
      offer: (delay: string, email: string) => `Nous examinons vos photos : notre proposition ferme vous arrivera par e-mail ${delay}, à l'adresse ${email}.`,
      pageIntro: "Suivez votre demande, puis acceptez ou refusez notre proposition, sur votre page privée :",
      pageLink: "Ouvrir ma page de suivi",
      pageMail: "Vous recevez aussi ce lien par e-mail. Gardez-le pour vous : il donne accès à votre demande.",
      noPage: "Gardez ce numéro : rappelez-le dans vos messages.",
      again: "Faire une autre demande",
    },
    /**
     * The status line under the button: what is wrong, then everything still missing in one
     * sentence (« Il manque votre email et au moins une photo. »), so the visitor knows why.
     */
    status: {
      wrong: { email: "Votre adresse email n'est pas valide." },
      missing: { email: "votre email", photo: "au moins une photo" },
      missingSentence: (items: ReadonlyArray<string>) => `Il manque ${new Intl.ListFormat("fr", { type: "conjunction" }).format(items)}.`,
    },
    /** On a touch screen there is nothing to drag: the drop zone speaks of taking or choosing photos. */
    photosHintTouch: "Touchez ici pour prendre une photo ou en choisir dans votre galerie. JPEG, PNG, WebP, GIF ou AVIF, 10 Mo maximum chacune.",
    /** Appended to the spec's success description. */
    requestNumber: (id: string) => `Numéro de demande : ${id}`,
    progress: (percent: number) => `Envoi de la demande : ${percent} %`,
    honeypot: "Laissez ce champ vide",
    // The visitor keeps everything: the toast says so and offers to send again.
    failed: {
      title: "La demande n'a pas été envoyée",
      network: "Problème de connexion : votre demande n'est pas partie.",
      unavailable: "Le service est momentanément indisponible : votre demande n'est pas partie.",
      kept: "Votre email, votre description et vos photos sont conservés.",
      retry: "Réessayer",
      retryAlt: "Renvoyez la demande avec le bouton « Demander une estimation ».",
    },
    // Refused photos: plain words for a visitor who does not know what a file format is.
    refused: {
      severalTitle: "Certaines photos n'ont pas été ajoutées",
      notImageTitle: (count: number) => (count > 1 ? "Fichiers refusés" : "Fichier refusé"),
      notImage: (names: string, count: number) =>
        count > 1
          ? `${names} ne sont pas des photos. Choisissez des images JPEG, PNG, WebP, GIF ou AVIF.`
          : `${names} n'est pas une photo. Choisissez une image JPEG, PNG, WebP, GIF ou AVIF.`,
      heicTitle: "Format HEIC non accepté",
      heic: (names: string, count: number) =>
        `${names} ${count > 1 ? "sont" : "est"} au format HEIC, que les navigateurs ne savent pas afficher. ` +
        `Envoyez ${count > 1 ? "ces photos" : "cette photo"} en JPEG : depuis votre téléphone, utilisez « Partager » ou « Exporter » en JPEG, ` +
        "ou sur iPhone choisissez Réglages › Appareil photo › Formats › « Le plus compatible ».",
      tooLargeTitle: (count: number) => (count > 1 ? "Photos trop lourdes" : "Photo trop lourde"),
      tooLarge: (names: string, count: number, maxMb: number) =>
        `${names} ${count > 1 ? "dépassent" : "dépasse"} ${maxMb} Mo. Envoyez une photo plus légère (par exemple une capture ou une version réduite).`,
      tooManyTitle: (max: number) => `${max} photos maximum`,
      tooMany: (ignored: number, max: number) => `${ignored} photo${ignored > 1 ? "s ignorées" : " ignorée"} : un article compte ${max} photos au maximum.`,
      otherFiles: (count: number) => `${count} autre${count > 1 ? "s" : ""}`,
    },
  },
  chat: {
    suggestions: "Questions fréquentes",
    launcher: "Chat avec maxAi",
    loading: "Ouverture du chat…",
    title: "maxAi",
    minimise: "Réduire le chat",
    expand: "Agrandir le chat",
    close: "Fermer le chat",
    log: "Conversation avec maxAi",
    you: "Vous",
    typing: "maxAi écrit…",
    inputLabel: "Votre message",
    placeholder: "Posez votre question…",
    inputHint: "Entrée pour envoyer, Maj + Entrée pour aller à la ligne.",
    send: "Envoyer",
    info: {
      open: "Mes infos",
      title: "Mes infos",
      intro: "Facultatif. Ces informations restent dans cette conversation et aident notre équipe à vous recontacter.",
      name: "Nom",
      email: "Email",
      emailInvalid: "Saisissez une adresse email valide ou laissez le champ vide.",
      save: "Enregistrer",
      cancel: "Annuler",
    },
    // The product's wording, verbatim: do not rephrase.
    errors: {
      notOk: "Désolé, une erreur s'est produite. Veuillez réessayer plus tard.",
      network: "Problème de connexion. Veuillez vérifier votre internet et réessayer.",
      noAnswer: "Message reçu ! Notre équipe vous contactera bientôt.",
    },
  },
} as const)
