/**
 * The words ./mask.ts recognises personal data by, in French and English: what introduces a name,
 * a street, a date of birth, an identity document, a card's code. Regular-expression sources,
 * combined there; lists, lower case, matched whole.
 *
 * What must stay true: maxAi's ordinary questions (__tests__/data/chat-eval.json) hold none of these
 * in a masked position — « c'est cher chez vous ? », « je suis payé quand ? », « un polo Lacoste » —
 * which __tests__/server/questions-mask.test.ts checks question by question.
 */

import { MORE_FIRST_NAMES } from "./mask-name-words"

/** A letter of any alphabet, and a name's word: letters with inner apostrophes or hyphens ("d'Arc", "Marie-Claire"). */
export const LETTER = String.raw`\p{L}`
export const NAME_WORD = String.raw`\p{L}[\p{L}'’-]*`
/** Not inside a word or a number (JavaScript's \b knows no accented letter). */
export const START = String.raw`(?<![\p{L}\d])`
export const END = String.raw`(?![\p{L}\d])`

/** « @ » as written, bracketed, or spelt out. */
export const AT_BRACKETED = String.raw`\s*[([{<]\s*(?:at|arobase|@)\s*[)\]}>]\s*`
export const AT_WORD = String.raw`\s+(?:at|arobase|chez)\s+`
/** « . » as written (spaced on both sides or neither: « Merci. Jean » is no address), bracketed, or spelt out. */
export const DOT = String.raw`(?:\.|\s+\.\s+|\s*[([{<]\s*(?:dot|point)\s*[)\]}>]\s*|\s+(?:dot|point)\s+)`
export const TOP_DOMAINS = "com|fr|net|org|eu|be|ch|lu|de|uk|io|info|biz|ca|es|it|co|me"
/** Mail providers named without their ending (« jean chez gmail »); none of them a word of a shop's question. */
export const PROVIDERS = "gmail|googlemail|hotmail|outlook|yahoo|ymail|icloud|wanadoo|laposte|protonmail|proton|gmx|yopmail|aol|bbox"

export const STREET_TYPES = String.raw`rue|avenue|av\.?|boulevard|bd|bld|blvd|chemin|all[ée]e|impasse|imp\.?|place|pl\.|quai|route|rte|cours|square|passage|r[ée]sidence|lotissement|hameau|lieu[- ]dit|villa|cit[ée]|faubourg|fbg|promenade|mont[ée]e|sentier|street|road|rd\.?|lane|avenue|drive|way`

/** Words a street's name stops at: what follows the address in a sentence. */
export const AFTER_ADDRESS = String.raw`et|à|a|pour|je|j['’]|mon|ma|mes|vous|svp|merci|est|ce|c['’]|and|for|i|my|please`

export const MONTHS = String.raw`janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre|janv?\.?|f[ée]vr?\.?|avr\.?|juil\.?|sept?\.?|oct\.?|nov\.?|d[ée]c\.?|january|february|march|april|may|june|july|august|september|october|november|december`

export const BIRTH_LABELS = String.raw`n[ée](?:e|\(e\))?\s+(?:le|en|au|the)|anniversaire(?:\s+(?:est\s+|c['’]est\s+)?le)?|DDN|date\s+de\s+naissance|naissance|DOB|date\s+of\s+birth|birth\s*date|born(?:\s+on|\s+in)?|birthday`

export const ID_LABELS = String.raw`passeport|passport|carte\s+(?:d['’])?identit[ée]|CNI|pi[èe]ce\s+d['’]identit[ée]|permis(?:\s+de\s+conduire)?|driv(?:ing|er['’]?s)\s+licen[cs]e|licen[cs]e|s[ée]curit[ée]\s+sociale|s[ée]cu|NIR|social\s+security|titre\s+de\s+s[ée]jour|ID`
/** What may sit between an identity document's name and its number: « passeport n° », « numéro de permis est ». */
export const ID_FILLER = String.raw`(?:\s*(?:n°|no\.?|nr\.?|num[ée]ro|number|#|:|=|est|is|c['’]est))*`

export const CARD_CODE_LABELS = String.raw`cvv2?|cvc2?|cryptogramme(?:\s+visuel)?|crypto|code\s+(?:de\s+)?s[ée]curit[ée]|security\s+code|code\s+au\s+dos`
export const CARD_EXPIRY_LABELS = String.raw`exp(?:iration|ire|\.)?|date\s+d['’]expiration|expire\s+(?:le|fin)?|valable\s+jusqu['’](?:au|à)|valid\s+(?:thru|until)`

/** A person's title before their name. */
export const TITLES = String.raw`M\.|Mr\.?|Mrs\.?|Ms\.?|Mme\.?|Mlle\.?|Madame|Monsieur|Mademoiselle|Dr\.?|Docteur|Ma[îi]tre`

/** What says the next words are the writer's name, whatever their case. */
export const NAME_INTRODUCERS = String.raw`je\s+m['’]\s?appelle|je\s+me\s+nomme|moi\s+c['’]est|mon\s+(?:nom|pr[ée]nom)(?:\s+de\s+famille|\s+complet)?\s*(?:est|c['’]est|:)|(?:nom|pr[ée]nom)(?:\s+et\s+pr[ée]nom)?\s*:|my\s+name\s+is|my\s+name['’]s|i['’]m\s+called|call\s+me|name\s*:|de\s+la\s+part\s+de`
/** What may introduce a name, or not (« je suis Jean Dupont », « je suis intéressé »): the next words count only when they look like a name. */
export const MAYBE_NAME_INTRODUCERS = String.raw`[Jj]e\s+suis|[Cc]['’]est|[Ii]ci|I\s+am|I['’]m|[Tt]his\s+is|[Ii]t['’]s`
/** A message's closing words, before the writer's name at its very end. */
export const SIGN_OFFS = String.raw`[Cc]ordialement|[Bb]ien\s+à\s+vous|[Ss]alutations|[Mm]erci(?:\s+d['’]avance|\s+beaucoup)?|[Bb]onne\s+journ[ée]e|[Rr]egards|[Bb]est\s+regards|[Tt]hanks|[Tt]hank\s+you|[Bb]isous|[Aa]micalement`

/** Words that end a name: what a sentence goes on with. */
export const NOT_A_NAME = new Set(
  `et je j mon ma mes vous tu il elle on nous and i my est suis voudrais veux souhaite aimerais cherche habite ai avez pour à a au de du des le la les un une en sur qui que quoi si but
  is am want would like looking have from the`.split(/\s+/),
)

/**
 * Capitalised words that follow « je suis », « c'est » without being a name: the brands and
 * names of the shop, and what a visitor says of themself.
 */
export const CAPITALISED_NOT_NAMES = new Set(
  `lacoste ralph lauren tommy hilfiger lancaster maxai vinted paris lyon marseille france belgique suisse
  vous je un une le la les des du de pas possible quoi combien comment pourquoi où quand oui non très trop vrai bien ok cher gratuit payant normal ici là moi mon ma
  intéressé intéressée étudiant étudiante vendeur vendeuse client cliente parisien parisienne français française belge suisse nouveau nouvelle ravi ravie désolé désolée pressé pressée
  en à au sur dispo disponible urgent the a an in at looking interested new sorry`.split(/\s+/),
)

/** Lower case without accents: « Inès » and « ines » are one first name. */
export const folded = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

/** Frequent first names, for a name typed without capitals (« je suis jean dupont »), each as typed and without its accents. */
export const FIRST_NAMES = new Set(
  `jean marie pierre michel philippe alain nicolas christophe patrick daniel françois laurent stéphane david julien thomas
  sébastien frédéric éric olivier vincent antoine maxime alexandre romain kevin lucas hugo louis paul jules léo gabriel arthur
  nathalie isabelle sylvie catherine sandrine valérie christine véronique sophie céline julie aurélie camille laura emma
  léa chloé manon inès sarah marion claire anne hélène élodie pauline lucie juliette alice louise jeanne chantal françoise
  mohamed ahmed karim sofiane yasmine fatima nadia john james michael robert william mary jennifer linda patricia elizabeth
  ${MORE_FIRST_NAMES}`
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((name) => [name, folded(name)]),
)

/** A number in words, and several (« douze », « quatre-vingt-cinq », « mille neuf cent »): dates of birth and phones spelt out. */
export const NUMBER_WORD = String.raw`(?:z[ée]ro|une?|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingts?|trente|quarante|cinquante|soixante|septante|huitante|octante|nonante|cents?|mille|mil|premi[eè]re?)(?![\p{L}])`
export const NUMBER_WORDS = String.raw`${NUMBER_WORD}(?:(?:[\s-]+et)?[\s-]+${NUMBER_WORD})*`
/** A year in words: « mille neuf cent quatre-vingt-cinq », « deux mille trois ». */
export const YEAR_WORDS = String.raw`(?:deux[\s-]+)?mil(?:le)?(?:[\s-]+${NUMBER_WORDS})?`

/** What says the next number is an age, kept: « j'ai [âge] », « âgée de [âge] ». */
export const AGE_LABELS = String.raw`j['’]\s?ai|[âa]g[ée]e?\s+de|[âa]ge\s*:|i['’]m|i\s+am|aged`
/** What says the next year is the writer's birth's: « je suis de 1986 », « born in 1990 ». */
export const BIRTH_YEAR_LABELS = String.raw`je\s+suis\s+de|i\s+was\s+born\s+in|ann[ée]e\s+de\s+naissance\s*:?`

/** A flat's or a building's part, before its number or letter: « bât. C », « apt 12 », « escalier B ». */
export const BUILDING_PARTS = String.raw`b[âa]t(?:iment)?\.?|building|escalier|esc\.|apt\.?|appt\.?|appart(?:ement)?\.?|app\.|logement|porte\s+(?:n°|no\.?)|chambre\s+(?:n°|no\.?)|[ée]tage|floor|flat|bo[iî]te\s+aux\s+lettres`
/** A door's code: « digicode 4512B », « code de la porte : 1234 ». */
export const DOOR_CODE_LABELS = String.raw`digicode|code\s+(?:de\s+(?:la\s+)?)?porte|code\s+d['’](?:entr[ée]e|immeuble|acc[èe]s)|door\s+code`
/** A place named without a number (« au lieu-dit Les Granges », « résidence Les Pins »), each letter's case either way. */
export const PLACE_LABELS = String.raw`[Ll]ieu[- ]?[Dd]it|[Rr][ée]sidence|[Hh]ameau|[Ll]otissement|[Dd]omaine|[Vv]illa|[Cc]it[ée]|[Qq]uartier`
export const PLACE_ARTICLES = String.raw`[Ll]es|[Ll]e|[Ll]a|[Ll]['’]|[Dd]u|[Dd]es|[Dd]e|[Dd]['’]|[Aa]ux?`

/** What says the next letters and digits are a car's: « immatriculation AB-123-CD », « ma plaque : 1234 AB 75 ». */
export const PLATE_LABELS = String.raw`immatricul[ée]e?|immatriculation|immat\.?|plaque(?:\s+d['’]immatriculation)?|licen[cs]e\s+plate|plate(?:\s+number)?|registration(?:\s+number)?`
/** French plates: since 2009 « AB-123-CD », before « 1234 AB 75 » (the department last; not a size as in « 38 XL 40 »). */
export const NEW_PLATE = String.raw`[A-Z]{2}[- ]?\d{3}[- ]?[A-Z]{2}`
export const OLD_PLATE = String.raw`\d{2,4}[- ]?(?!XX?[SL][- ]?\d)[A-Z]{2,3}[- ]?(?:\d{2}|2[AB])`
