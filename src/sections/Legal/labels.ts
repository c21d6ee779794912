/**
 * The fixed wording of the legal pages around the owner's content (content/legal.json). Kept out
 * of src/copy.ts so the home page's script does not carry it.
 */
export const legalLabels = {
  publisherTitle: "Éditeur du site",
  hostTitle: "Hébergement",
  controllerTitle: "Responsable du traitement",
  dataTitle: "Données personnelles",
  dataText: "Ce que nous faisons de vos données et vos droits sont décrits dans la",
  privacyLink: "politique de confidentialité",
  publisher: {
    name: "Raison sociale",
    legalForm: "Forme juridique",
    address: "Siège",
    registration: "Immatriculation",
    vat: "TVA intracommunautaire",
    director: "Directeur ou directrice de la publication",
    email: "Contact",
    phone: "Téléphone de contact",
  },
  host: { name: "Hébergeur", address: "Adresse", phone: "Téléphone" },
} as const
