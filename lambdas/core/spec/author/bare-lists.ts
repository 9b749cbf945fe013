/**
 * Under a heading that names a record type, writers often list its fields as sentences with no
 * verb: "First name and surname, both required." "Email, which must be unique." "Mobile number
 * and postal address." Nothing in such a sentence says what it is about, so only the heading can;
 * this says whether a sentence is such a list (a noun phrase, or several, and no clause of its own).
 */
import { splitFieldList } from './fields';
import { YES_NO_AFTER, YES_NO_BEFORE, YES_NO_QUESTION } from './fields/field-words';
import { Remembered } from './remembered';
import { tagTerms } from './tag';

/** A rule said after the list: "both required", "which must be unique", "(optional)". */
const RULE_TAIL = /(?:,\s*(?:both|all|each)\s+(?:required|optional|unique)|,\s*(?:which|that)\s+(?:must|should|has to|is|are)\s+(?:be\s+)?(?:unique|required|optional)|\((?:required|optional|unique)[^)]*\))\s*\.?$/i;

/** Words an item may open with that say nothing ("And a tick box", "Also the colour"). */
const OPENERS = /^(?:and|also|plus|then)\s+/i;

/**
 * A clause inside an item: a verb after the item's first word ("Parents love these", "people
 * who hire us"), other than a participle closing it ("the fee charged"). A lone first word is
 * not judged: "name" and "phone" are verbs too.
 */
function hasClause(item: string): boolean {
  // ("a pouring links one tour and one wine": a record said to do something, though the tagger reads "links" as a noun.)
  if (/^(?:a|an|each|every)\s+[a-z]+(?:\s+[a-z]+)?\s+[a-z]+[^s\s]s\s+(?:a|an|one|the|exactly|many|several|its|their|to|with|at|on|in|into)\s/i.test(item)) return true;
  // ("The office team, the dispatchers, manage customers": a verb of rights before what it is done to, no field.)
  if (/^(?:manages?|handles?|oversees?|approves?|edits?|deletes?|sees?|creates?)\s+(?:[a-z-]+s|the|all|any|every|their|our)\b/i.test(item.trim())) return true;
  // ("the check-in time": a hyphenated compound is one word of the noun phrase, whatever its parts are alone.)
  const terms = tagTerms(item.replace(/\b[a-z]+(?:-[a-z]+)+\b/gi, 'thing'));
  // ("send the student a reminder": a verb before a determiner is an imperative; "record type" is a noun.)
  if (terms[0]?.tags.has('Verb') && /^(?:the|a|an|their|them|it|his|her|its|our|your|each|every|all)$/.test(terms[1]?.normal ?? '')) return true;
  // ("an estimated repair cost": a participle after the article describes the noun that follows.)
  const describing = (i: number) => terms[i]!.tags.has('PastTense') && /^(?:a|an|the|their|its|our|his|her)$/.test(terms[i - 1]?.normal ?? '') && !!terms[i + 1]?.tags.has('Noun');
  // ("the request details", "the delivery notes": a plural noun closing the phrase, though the tagger reads a verb after the noun.)
  const closingNoun = (i: number) => i === terms.length - 1 && PLURAL_NOUNS.test(terms[i]!.normal) && !!terms[i - 1]?.tags.has('Noun');
  return terms.some((t, i) => i > 0 && t.tags.has('Verb') && !t.tags.has('Noun') && !t.tags.has('Gerund') && !(i === terms.length - 1 && t.tags.has('PastTense')) && !describing(i) && !closingNoun(i));
}

/** Plural nouns fields are named by, which are verbs too ("details", "notes"). */
const PLURAL_NOUNS = /^(?:details|notes|comments|results|instructions|requirements|contacts|costs|charges|fees|hours|dates|times|measurements|readings|remarks|terms|needs|works|plans|changes|answers|findings|repairs|checks|counts|totals|returns|reports|requests|orders|bookings|visits|payments|points|marks|scores|rates|prices|records|photos)$/;

const BARE_LISTS = new Remembered<boolean>();
const SINGLE_BARE_LISTS = new Remembered<boolean>();

/** Is the sentence only a list of fields (two or more, or one with a rule after it; `single`: one is enough)? */
export function isBareFieldList(sentence: string, single = false): boolean {
  return single ? SINGLE_BARE_LISTS.of(sentence, (s) => isBareList(s, true)) : BARE_LISTS.of(sentence, (s) => isBareList(s, false));
}

function isBareList(sentence: string, single: boolean): boolean {
  const text = sentence.trim().replace(/\.$/, '').replace(OPENERS, '');
  // (A colon may introduce one field's values, "how often we collect: daily or weekly", not the list.)
  // (Semicolons may separate the items too: "a type out of a, b or c; a description; and a photo".)
  // ("Plus where it's up to: planned, entries open or finished": one field asked as a question, its values after the colon.)
  if (/^(?:where|what|which)\s+(?:[a-z]+\s+)?(?:it|they)(?:['’]s|['’]re|\s+is|\s+are)(?:\s+up\s+to|\s+at)?\s*:\s*[^:]+\s(?:or|and)\s[^:]+$/i.test(text)) return true;
  if (!text || /^[^,]*:/.test(text)) return false;
  // ("each one has a tag code, a size ...": a clause about one of them, not a list.)
  if (/^(?:each|every)\s+(?:one|of them|single one)\s+[a-z]/i.test(text)) return false;
  // ("For each dog we need its name, ...": a clause that names its record, not a list.)
  if (/^(?:for|with|on|about)\s+(?:each|every)\s/i.test(text)) return false;
  // ("on our side each referral sits as pending until ...": a clause with its own subject, not a list.)
  if (/(?:^|\s)(?:each|every)\s+[a-z]+\s+(?:sits|goes|moves|starts|begins|stays|waits|remains|gets|belongs|comes|needs|must|should|can|will|is|are)\b/i.test(text.replace(/\([^()]*\)/g, ' '))) return false;
  // (What follows a noun as its complement, "a note about when they can pick it up", says what the field holds.)
  // ('any notes like "park round the back"': an example, quoted, is no part of it (nor are the commas inside it).)
  const items = splitFieldList(text.replace(/,?\s+(?:stuff\s+|things\s+)?(?:like|e\.g\.?|eg|such\s+as)\s+"[^"]*"/gi, ''))
    // ("optionally a star rating": a rule before the item is no part of it.)
    // ("a type out of damage, cleaning or other": the values after their marker are no part of the name.)
    // ("a product photo, JPEG or PNG, up to 2 MB": what follows the name's comma says what it is.)
    // ("notes on any damage when the kit comes back": when it is filled in says nothing of what it is.)
    // ("a pic of the box so people know what to look for": why it is kept is no part of it.)
    // ("a line or two about why they're referring": the reason, said as how much is written about it.)
    .map((item) => item.replace(/^(?:an?\s+)?(?:(?:few|couple\s+of)\s+)?(?:lines?|sentences?|paragraphs?|words?)(?:\s+or\s+two)?\s+(?:about|on|explaining|saying)\s+why\b.*$/i, 'the reason'))
    // ("any health conditions we should know about", "any medical stuff we should know": what it is for us to know is no part of it.)
    .map((item) => item.replace(/\s+(?:that\s+)?(?:we|you|i|staff)\s+(?:should|need\s+to|ought\s+to|must|have\s+to)\s+(?:know|be\s+told|hear)(?:\s+(?:about|of))?$/i, ''))
    .map((item) => item.replace(/\s+so\s+(?:that\s+)?(?:people|we|they|you|customers|staff|everyone|everybody|folk|the\s+[a-z]+)\s+(?:can|could|will|would|know|knows|see|don't|do not|won't)\b.*$/i, ''))
    // ("the theme if there is one": a condition that makes it optional, no part of it.)
    .map((item) => item.replace(/\s+if\s+(?:there\s+is|there['’]s|there\s+are|it\s+has|they\s+have)\s+(?:one|any)\b[^,]*$|\s+if\s+any\b[^,]*$/i, ''))
    // ("is the cabinet locked y/n": a yes/no question, the flag it asks about.)
    .map((item) => item.replace(YES_NO_BEFORE, 'whether ').replace(YES_NO_QUESTION, '').replace(YES_NO_AFTER, ''))
    .map((item) => item.replace(/\([^()]*\)/g, ' ').replace(/,\s+(?:jpe?gs?|pngs?|pdfs?|gifs?|any image|images?|photos?|up to|max(?:imum)?|at most|no more than|nothing over|under|between|from|anywhere from)\b.*$/i, '').replace(/\s+(?:when|once|after|whenever|before|if)\s+(?:the|a|an|it|they|we|someone|somebody)\s.*$/i, '').replace(/^(?:optionally|possibly|maybe|perhaps|also|plus)\s+/i, '').replace(/\s+(?:out of|one of|either)\s.*$|:\s.*$/i, '').replace(/\([^()]*\)/g, ' ').replace(/(\S),?\s*\b(?:which|who|that|both|all|each)\b.*$/i, '$1').replace(/\s+(?:about|on|for|of|from|with|in|at)\s+(?:when|where|what|how|whether|which|who)\b.*$/i, '').trim())
    .filter(Boolean);
  if (items.length === 0 || (items.length < 2 && !single && !RULE_TAIL.test(text))) return false;
  // ("whether they can swim", "how many people come": a question names a field, clause and all.)
  // (Counting the words that carry meaning: "the weight of one piece in grams" is three.)
  const contentWords = (item: string) => item.split(/\s+/).filter((w) => !/^(?:the|a|an|of|in|per|one|for|on|at|to|their|its|his|her|our|and|or)$/i.test(w)).length;
  // ("what kind of thing it is", "roughly how old it is", "a photo if they like": questions and conditions name a field too.)
  return items.every((item) => {
    const plain = item.replace(/^(?:roughly|about|approximately|exactly)\s+(?=how\b)/i, '').replace(/^((?:a|an|the)\s+[a-z]+)\s+if\s+(?:they|you|we)\s+(?:like|want|wish|have one|can)$/i, '$1');
    // ("power draw in watts": a measure named in its unit is a noun phrase, whatever the tagger makes of "draw".)
    const measured = /\s+in\s+(?:watts|kilowatts|kw|volts|amps|kg|kilos|grams|g|metres|meters|m|cm|mm|km|miles|minutes|mins|hours|days|litres|liters|ml|percent|pounds|lbs|euros|dollars|pence)$/i.test(plain) && contentWords(plain) <= 4;
    // ("the date it was checked", "the time they left": the moment of an act, clause and all.)
    // ("which appliance it's for", "what we sell it for", "where it's up to": a question of a few words names a field too.)
    // ("the dairy it comes from", "the school they go to": a noun and what is said of it, a question without its "which".)
    const question = (/^(?:which|what|who|where)\b/i.test(plain) || /^(?:the|their|its|his|her)\s+[a-z-]+(?:\s+(?!(?:once|when|if|after|before|until|while|as|because|so|since|unless|and|or)\s)[a-z-]+)?\s+(?:it|they|he|she|we|you)(?:'s|'re)?\s+[a-z']+(?:\s+[a-z']+){0,2}$/i.test(plain)) && plain.split(/\s+/).length <= 7;
    return question || /^(?:whether|how|what kind|what type|what sort|what's wrong|what went wrong)\b|^(?:the\s+)?(?:date|time|day|moment|date\s+and\s+time)\s+(?:(?:it|they|he|she|we|i)(?:['’]ve|['’]d|['’]ll|['’]s|['’]re)?\s+|(?:their|the|its|his|her)\s+(?:[a-z-]+\s+){0,3})[a-z']+(?:\s+[a-z]+){0,2}$/i.test(plain) || measured || (contentWords(plain) <= 5 && !hasClause(plain));
  });
}
