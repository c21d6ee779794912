/**
 * The words ./mask-names.ts tells a name by (issue 59): who a relative is (« mon mari », « ma
 * fille »), the particles of a surname (« de », « van »), and the capitalised words that are
 * nobody's name though the chat's content never uses them: common French and English words,
 * days, months and holidays, places, payment and delivery services, other clothing brands.
 * Lower case, no accents (as chat/text.ts normalize gives them), matched whole.
 *
 * What must stay true: a word listed here is never masked as a name, so no first name goes in
 * these lists (« Céline », « Jules » stay names after « ma fille », and after nothing else only if
 * the shop's content uses them: Jules is a brand of chat.json).
 */

const listOf = (text: string) => new Set(text.split(/\s+/).filter(Boolean))

/** A possessive before a relative: « mon mari », « ma fille », « my husband ». */
export const POSSESSIVES = String.raw`[Mm]on|[Mm]a|[Mm]es|[Nn]otre|[Nn]os|[Tt]on|[Tt]a|[Ss]on|[Ss]a|[Mm]y|[Oo]ur|[Hh]is|[Hh]er`
/** What may sit between the possessive and the relative: « ma petite amie », « mon meilleur ami ». */
export const RELATIVE_ADJECTIVES = String.raw`petite?|meilleure?|futur|future|ex|cher|ch[èe]re|grande?|jeune|beau|belle|best|little|younger|older`
export const RELATIVES = String.raw`mari|femme|[ée]pouse|[ée]poux|conjointe?|compagnon|compagne|copain|copine|fianc[ée]e?|ch[ée]rie?|fils|fille|filles|enfants?|b[ée]b[ée]|gar[çc]on|m[èe]re|p[èe]re|maman|papa|fr[èe]re|s(?:œ|oe|e)ur|cousine?|oncle|tante|neveu|ni[èe]ce|grand[- ]m[èe]re|grand[- ]p[èe]re|mamie|mamy|papi|papy|beau[- ]fr[èe]re|belle[- ]s(?:œ|oe|e)ur|belle[- ]m[èe]re|beau[- ]p[èe]re|belle[- ]fille|beau[- ]fils|amie?|pote|coll[èe]gue|voisine?|patronne?|cheffe?|filleule?|marraine|parrain|husband|wife|son|daughter|mother|father|mom|mum|dad|brother|sister|friend|boyfriend|girlfriend|partner|neighbou?r|colleague`
/** What may introduce the relative's name: « ma fille, qui s'appelle Inès », « my son called Tom ». */
export const RELATIVE_NAME_LINKS = String.raw`(?:qui\s+s['’]\s?appelle|s['’]\s?appelle|nomm[ée]e?|pr[ée]nomm[ée]e?|named|called)`
/** A surname's particle, before a capitalised word: « de Villeneuve », « d'Artagnan », « van der Berg ». */
export const PARTICLES = String.raw`(?:(?:[Dd]e\s+[Ll]a|[Vv]an\s+[Dd]e[rn]?|[Vv]on\s+[Dd]er|[Dd]e|[Dd]u|[Vv]an|[Vv]on|[Dd]i|[Dd]el|[Dd]ella|[Dd]os|[Bb]en)\s+|(?:[Dd]e\s+)?[DdLl]['’]\s?)`

/** Words of every question: the chat's filler words, greetings, politeness, what a sentence goes on with. */
export const COMMON_WORDS = listOf(`
  a au aux avec ce ces cet cette c ca ci d dans de des du elle elles en es est et etes eu il ils j je l la le les leur leurs lui
  m ma mais me mes moi mon n ne ni nos notre nous on ou par pas peu plus pour qu que qui s sa sans se ses si son sont sur t ta te
  tes toi ton tu un une vos votre vous y avez ai as avons ont suis etre avoir fait faire peut peux puis veux voudrais voulez
  aimerais svp stp please bien tres trop encore deja aussi alors donc oui non ok ici cela celui celle ceux tout tous toute toutes
  quel quelle quels quelles quoi comment genre truc chose merci combien pourquoi quand estce est-ce pouvez pourriez pourrais
  bonjour bonsoir salut coucou hello hi hey re bonne bon bonnes bons belle beau journee soiree semaine cordialement salutations
  bisous amicalement avance sinon ensuite enfin bref egalement hier demain aujourd hui maintenant voila voici desole desolee
  excusez pardon urgent important question questions info infos precision ps nb madame monsieur mademoiselle messieurs dames
  mme mlle mr mrs ms dr equipe chers cher chere client cliente objet sujet re fwd tel vente achat
  lundi mardi mercredi jeudi vendredi samedi dimanche janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre
  noel paques halloween black friday cyber monday saint valentin fete fetes meres peres soldes rentree ete hiver printemps automne
  nouvel an toussaint nouveau nouvelle neuf neuve vintage made in
  i you we they he she it the an is are do does can could would will my your our thanks thank yes no dear sir madam team
  monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december
`)

/** Places named in shop questions (where a parcel goes, where a shop is): too big to be anyone's. */
export const PLACES = listOf(`
  france belgique suisse luxembourg monaco canada quebec allemagne espagne italie portugal angleterre royaume uni irlande europe
  usa etats unis amerique corse dom tom outre mer guadeloupe martinique reunion guyane ile iles
  paris lyon marseille toulouse nice nantes strasbourg montpellier bordeaux lille rennes reims toulon grenoble dijon angers nimes
  bruxelles geneve lausanne london londres berlin madrid rome barcelone
  germany spain italy england uk belgium switzerland
`)

/** Payment, delivery, selling and social services a visitor names, and clothing brands the chat does not list: no one's name. */
export const SERVICES_AND_BRANDS = listOf(`
  paypal lydia visa mastercard amex american express apple google pay cb carte bleue bitcoin ethereum crypto klarna alma sumup
  colissimo chronopost mondial relay relais colis poste ups dhl fedex gls dpd tnt shop2shop sncf
  vinted leboncoin bon coin vestiaire collective ebay amazon emmaus galeries lafayette printemps monoprix redoute decathlon carrefour
  instagram insta facebook tiktok whatsapp snapchat messenger youtube pinterest gmail outlook iphone android internet web site
  barbour sandro maje kooples zadig voltaire sezane apc carhartt patagonia dior prada hermes lacoste ralph lauren tommy hilfiger
  lancaster petit bateau armor lux aigle schott gant hackett timberland converse vans wrangler diesel guess
  boss burberry moncler stone island napapijri kappa fila asics reebok new balance superdry benetton ikks naf
  cyrillus jacadi okaidi tape oeil comptoir cotonniers promod etam camaieu bonobo devred kiabi
`)

/** Upper-case words of a shop question that are no surname: sizes, payment, acronyms. */
export const ACRONYMS = listOf(`xs s m l xl xxl xxxl tu cb sms tva rib iban sav faq ok rdv ps vip pdf mp nb fr eu uk usa cv bic`)

/** Words that end a relative's or a writer's name: what a sentence goes on with after it. */
export const AFTER_NAME = listOf(`
  et je j mon ma mes vous tu il elle on nous and i my est suis voudrais veux souhaite aimerais cherche habite ai avez pour
  a au de du des le la les un une en sur qui que quoi si but is am want would like looking have from the
  veut voudrait souhaiterait aimerait adore aime prefere porte mesure fait fais fait vit travaille passe passera viendra vient
  peut pourrait doit va ira a aura avait etait sera taille chausse cherchait wants likes needs loves
`)

/** Frequent first names (beside ./mask-words.ts FIRST_NAMES): a name typed without capitals after « mon mari ». */
export const MORE_FIRST_NAMES = `rachid rachida yassine mehdi samir nabil farid youssef amine ali omar leila samia sonia amina
  aicha ibrahim moussa mamadou fatou aminata khadija malika nora sami walid hakim bilal ilyes adam nael rayan
  enzo nathan tom theo noah mathis clement quentin benjamin adrien florian guillaume damien cedric jerome
  sylvain mathieu bastien yann loic gael erwan ronan tristan charles henri marc luc denis andre jacques
  bernard gerard rene roger claude dominique pascal thierry bruno serge yves didier martine monique
  brigitte nicole annie jacqueline josiane colette odile agnes mathilde margaux oceane lea zoe lina
  anna eva mila lou agathe clemence charlotte justine amandine elise melanie stephanie
  virginie audrey emilie laetitia karine severine ines lisa mia nina chloe emily olivia sophia jessica
  ashley sarah emma daniel`
