/**
 * A file a sentence mentions outside any list, with what kind it is or how big it may be: "If we
 * can, we add a photo too, just a jpeg off the phone, keep it under 5 MB", "People attach a PDF of
 * the pattern — PDF only, nothing over 20 MB". Writers say a record's file apart from its other
 * fields because it comes with rules of its own; those rules are what make it a file field rather
 * than talk about photos. The author adds the field to the record described last.
 */

/** The file itself: what it is called, and what it is of ("a photo of the dish", "a copy of the training cert"). */
// (Said new, with "a": "the ID scan" or "can be a photo" is one already described.)
const FILE_MENTION = /\b(?<!\b(?:be|is|are|was|were)\s)(?:an?|one)\s+(?:(before|after|cover|profile|main|front|signed)\s+)?(photo|picture|pic|image|snap|scan|pdf|video|recording|copy|certificate|document)s?\b(?:\s+of\s+(?:the|their|a|an|its|his|her)\s+([a-z]+(?:\s+[a-z]+)?))?/i;

/** A thing said to be a file: "The catalogue is a PDF, ..., allow up to 15 MB" is the catalogue, a pdf. */
// ("A referral letter can optionally be attached as a PDF of up to 10 MB.")
const SAID_FILE = /^(?:and\s+)?(?:the|their|its|each|every|an?)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|will\s+be|should\s+be|must\s+be|comes?\s+as|(?:can|may|should|must|will)\s+(?:optionally\s+|also\s+)?be\s+(?:attached|uploaded|added|sent|scanned\s+in)\s+as)\s+(?:always\s+|usually\s+|just\s+)?(?:an?\s+)?(?:photo|picture|image|scan|pdf|video|recording|document|file)s?\b/i;

/** A thing sent as a file: "The writer then uploads their copy as a Word document or a PDF, up to 10 MB" is the copy. */
const SENT_AS_FILE = /\b(?:uploads?|sends?|attach(?:es)?|submits?|emails?|provides?|adds?)\s+(?:their|the|a|an|his|her|its|our)\s+([a-z]+(?:\s+[a-z]+)?)\s+as\s+(?:an?\s+)?(?:word\s+|scanned\s+)?(?:photo|picture|image|scan|pdf|video|recording|document|doc|file|jpe?g|png)s?\b/i;

/** What kinds of file are allowed, in the writer's words, each as the field reader reads it. */
const KINDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bjpe?gs?\b/i, 'jpeg'],
  [/\bpngs?\b/i, 'png'],
  [/\bword\s+(?:documents?|docs?|files?)\b|\bdocx?\b/i, 'word documents'],
  [/\bpdfs?\b/i, 'pdf'],
  [/\bgifs?\b/i, 'gif'],
  [/\bheic\b/i, 'heic'],
  [/\b(?:images?|pictures?|photos?)\s+(?:only|are\s+fine|is\s+fine|are\s+ok|is\s+ok)\b|\bor\s+(?:an?\s+)?images?\b/i, 'images'],
];

const SIZE = /\b(\d+(?:\.\d+)?)\s*(kb|mb|gb)\b/i;

/** The field phrase ("photo (jpeg, max 5 MB)") of a file the sentence mentions with its rules, or undefined. */
export function mentionedFile(sentence: string, isRecord: (noun: string) => boolean = () => false): string | undefined {
  const text = sentence.replace(/\s+/g, ' ').trim();
  const said = SAID_FILE.exec(text) ?? SENT_AS_FILE.exec(text);
  if (said && !isRecord(said[1]!)) {
    const rules = fileRules(text.slice(said.index + said[0].length), said[0]);
    return rules ? `${said[1]} (${rules})` : undefined;
  }
  const mention = FILE_MENTION.exec(text);
  // ("..., with the teeth treated, the notes and a scan (PNG ...)": one item of a list, which the list readers read.)
  // ("it can be a photo or a PDF", "it's always a PDF": what a file already named may be, no new one.)
  const before = mention ? text.slice(0, mention.index) : '';
  if (!mention || /\bwith\b|:/.test(before) || /\b(?:be|is|are|was|were|it's|as)\s+(?:(?:always|usually|just)\s+)?(?:(?:an?\s+)?[a-z]+\s+or\s+)?$/i.test(before)) return undefined;
  const rules = fileRules(text.slice(mention.index + mention[0].length), mention[2]!);
  if (!rules) return undefined;
  const noun = mention[2]!.toLowerCase();
  // ("so each photo belongs to an order, JPEG or PNG only": photos that are records, or made records here, have fields of their own.)
  if (isRecord(noun) || new RegExp(String.raw`\beach\s+${noun}\b|\b${noun}s?\s+(?:belongs?|is\s+for|are\s+for|goes\s+with)\b`, 'i').test(text)) return undefined;
  // ("a copy of the training cert": the certificate is the file; "a photo of the dish" is the photo.)
  const name = noun === 'copy' && mention[3] ? mention[3] : `${mention[1] ? `${mention[1]} ` : ''}${noun === 'pic' || noun === 'snap' ? 'photo' : noun}`;
  // (A file named by its format alone is read with its article: "a pdf".)
  return `${name === 'pdf' ? 'a pdf' : name} (${rules})`;
}

/** The kinds and size said after the file ("jpeg, max 5 MB"), or undefined when none are. */
function fileRules(after: string, named: string): string | undefined {
  const size = SIZE.exec(after);
  // (The kinds are said after the file, or in its name: "a PDF of the pattern" is a pdf.)
  const kinds = KINDS.filter(([re]) => re.test(after) || re.test(named)).map(([, kind]) => kind);
  if (!size && kinds.length === 0) return undefined;
  return [...(kinds.length > 0 ? [kinds.join(' or ')] : []), ...(size ? [`max ${size[1]} ${size[2]!.toUpperCase()}`] : [])].join(', ');
}
