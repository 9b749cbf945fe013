/**
 * A file a sentence mentions outside any list, with what kind it is or how big it may be: "If we
 * can, we add a photo too, just a jpeg off the phone, keep it under 5 MB", "People attach a PDF of
 * the pattern — PDF only, nothing over 20 MB". Writers say a record's file apart from its other
 * fields because it comes with rules of its own; those rules, or a verb of taking or attaching
 * one, are what make it a file field rather than talk about photos. The author adds the field to
 * the record the sentence names ("on a job", "attached to the job"), else the one described last.
 */

import { WORD_BESIDE_FORMAT } from './fields/field-words';

const FILE_NOUN = String.raw`(photo|picture|pic|image|snap|scan|pdf|video|recording|copy|certificate|document)s?`;
/** A word for a file this reader reads: a clause without one mentions no file of its own. */
export const FILE_MENTION_WORD = new RegExp(String.raw`\b${FILE_NOUN}\b`, 'i');
/** Words that say what a file is like, not what it is ("a short video"), left out of its name. */
const PLAIN = String.raw`(?:(?:short|small|quick|recent|clear|good|little|single|decent)\s+)?`;
/** Words that name which file it is ("a before photo"), kept in its name. */
const WHICH = String.raw`(?:(before|after|cover|profile|main|front|signed)\s+)?`;

/** The file itself: what it is called, and what it is of ("a photo of the dish", "a copy of the training cert"). */
// (Said new, with "a": "the ID scan" or "can be a photo" is one already described.)
const FILE_MENTION = new RegExp(String.raw`\b(?<!\b(?:be|is|are|was|were)\s)(?:an?|one)\s+${PLAIN}${WHICH}${FILE_NOUN}\b(?:\s+(?:clip|file))?(?:\s+of\s+(?:the|their|a|an|its|his|her)\s+([a-z]+(?:\s+(?!(?:is|are|was|were|has|have|on|in|at|so|and|or|for|to|with|from|that|which|they|we|it)\b)[a-z]+)?))?`, 'i');
/** A second file said with the first: "a before photo and an after photo". */
const SECOND = new RegExp(String.raw`^\s+and\s+(?:an?|one)\s+${WHICH}${FILE_NOUN}\b`, 'i');

/** A thing said to be a file: "The catalogue is a PDF, ..., allow up to 15 MB" is the catalogue, a pdf. */
// ("A referral letter can optionally be attached as a PDF of up to 10 MB.", "A delivery note is attached as a PDF of up to 2 MB.")
const SAID_FILE = /^(?:and\s+)?(?:the|their|its|each|every|an?)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:(?:is|are|gets|get)\s+(?:attached|uploaded|added|sent|scanned\s+in)\s+as|is|are|will\s+be|should\s+be|must\s+be|comes?\s+as|(?:can|may|should|must|will)\s+(?:optionally\s+|also\s+)?be\s+(?:attached|uploaded|added|sent|scanned\s+in)\s+as)\s+(?:always\s+|usually\s+|just\s+)?(?:an?\s+)?(?:photo|picture|image|scan|pdf|video|recording|document|file)s?\b/i;

/** A thing sent as a file: "The writer then uploads their copy as a Word document or a PDF, up to 10 MB" is the copy. */
const SENT_AS_FILE = /\b(?:uploads?|sends?|attach(?:es)?|submits?|emails?|provides?|adds?)\s+(?:their|the|a|an|his|her|its|our)\s+([a-z]+(?:\s+[a-z]+)?)\s+as\s+(?:an?\s+)?(?:word\s+|scanned\s+)?(?:photo|picture|image|scan|pdf|video|recording|document|doc|file|jpe?g|png)s?\b/i;

/** A thing attached to a record, said with the record: "the council's permission letter has to be attached to the job (PDF, up to 5 MB)". */
const ATTACHED_TO = /\b(?:the|a|an|their|its)\s+(?:[a-z]+['’]s\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:has to|have to|must|should|needs? to|can|may|will)\s+(?:also\s+)?(?:optionally\s+)?be\s+(?:attached|uploaded|added)\s+(?:to|with|on)\s+(?:the|each|every|a|an|its|their)\s+([a-z]+(?:\s+[a-z]+)?)\b/i;

/** Taking or attaching a file says it is one, rules or none ("The engineers also like to snap a photo of the rating plate"). */
const TAKING = /\b(?:snap|snaps|take|takes|attach|attaches|upload|uploads|add|adds|include|includes)\s+$/i;

/**
 * The record itself kept as a file: "We write them in Word and upload the PDF", "we scan them and
 * upload the scan", "they upload them as PDFs". The file is the record's own document, named by it.
 */
const RECORD_AS_FILE = /\b(?:them|it)\b[^.;]*?\b(?:upload|uploads|uploaded|attach|attaches|attached|scan|scans|store|stores)\s+(?:in\s+)?(?:the|a|an)\s+(?:finished\s+|final\s+|signed\s+)?(pdf|scan|copy|word\s+document|file)\b|\b(?:upload|uploads|attach|attaches|send|sends|store|stores)\s+(?:them|it)\s+(?:in\s+)?as\s+(?:an?\s+)?(?:pdf|scan|word\s+document|document|file)s?\b/i;

/** The record a file is said to be on ("a before photo and an after photo on a job"). */
const ON_RECORD = /^\s*,?\s*(?:on|for|with|to|against)\s+(?:each|every|a|an|the)\s+([a-z]+)\b/i;

/** What kinds of file are allowed, in the writer's words, each as the field reader reads it. */
const KINDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bjpe?gs?\b/i, 'jpeg'],
  [/\bpngs?\b/i, 'png'],
  [/\btiffs?\b|\btif\b/i, 'tiff'],
  [new RegExp(String.raw`\bword\s+(?:documents?|docs?|files?)\b|\bdocx?\b|${WORD_BESIDE_FORMAT}`, 'i'), 'word documents'],
  [/\bpdfs?\b/i, 'pdf'],
  [/\bgifs?\b/i, 'gif'],
  [/\bheic\b/i, 'heic'],
  [/\bmp4s?\b/i, 'mp4'],
  [/\bmp3s?\b/i, 'mp3'],
  [/\b(?:images?|pictures?|photos?)\s+(?:only|are\s+fine|is\s+fine|are\s+ok|is\s+ok)\b|\bor\s+(?:an?\s+)?images?\b/i, 'images'],
];

const SIZE = /\b(\d+(?:\.\d+)?)\s*(kb|mb|gb)\b/i;

export interface MentionedFiles {
  /** Field phrases as the field reader reads them ("photo (jpeg, max 5 MB)"). */
  phrases: string[];
  /** The record the sentence says they are on ("job"), when it says. */
  on?: string;
  /** The one file is the record's own document ("upload the PDF" of them): named by the record it is on. */
  itself?: boolean;
}

/** The files a sentence mentions with their rules (or a verb of taking one), or undefined. */
/** `whole`: the sentence the clause is part of, which may make the files records ("..., so each photo belongs to an order"). */
export function mentionedFile(sentence: string, isRecord: (noun: string) => boolean = () => false, whole = sentence): MentionedFiles | undefined {
  const text = sentence.replace(/\s+/g, ' ').trim();
  const attached = ATTACHED_TO.exec(text);
  if (attached && !isRecord(attached[1]!)) {
    const rules = fileRules(text.slice(attached.index + attached[0].length), attached[0]);
    return rules ? { phrases: [`${attached[1]} (${rules})`], on: attached[2]! } : undefined;
  }
  const itself = RECORD_AS_FILE.exec(text);
  if (itself) {
    const rules = fileRules(text.slice(itself.index), itself[0]);
    return rules ? { phrases: [`file (${rules})`], itself: true } : undefined;
  }
  const said = SAID_FILE.exec(text) ?? SENT_AS_FILE.exec(text);
  if (said && !isRecord(said[1]!)) {
    const rules = fileRules(text.slice(said.index + said[0].length), said[0]);
    return rules ? { phrases: [`${said[1]} (${rules})`] } : undefined;
  }
  const mention = FILE_MENTION.exec(text);
  // ("it can be a photo or a PDF", "it's always a PDF": what a file already named may be, no new one.)
  const before = mention ? text.slice(0, mention.index) : '';
  // ("..., with the teeth treated, the notes and a scan (PNG ...)": one item of a list, which the list readers read.)
  if (!mention || /\bwith\b|:/.test(before) || /\b(?:be|is|are|was|were|it's|as)\s+(?:(?:always|usually|just)\s+)?(?:(?:an?\s+)?[a-z]+\s+or\s+)?$/i.test(before)) return undefined;
  let after = text.slice(mention.index + mention[0].length);
  const second = SECOND.exec(after);
  if (second) after = after.slice(second[0].length);
  const rules = fileRules(after, mention[2]!) ?? (TAKING.test(before) ? '' : undefined);
  if (rules === undefined) return undefined;
  const noun = mention[2]!.toLowerCase();
  // ("so each photo belongs to an order, JPEG or PNG only": photos that are records, or made records here, have fields of their own.)
  if (isRecord(noun) || new RegExp(String.raw`\beach\s+${noun}\b|\b${noun}s?\s+(?:belongs?|is\s+for|are\s+for|goes\s+with)\b`, 'i').test(whole)) return undefined;
  const named = (which: string | undefined, file: string, said?: string) => {
    const lower = file.toLowerCase();
    // ("a pic of the tank after": when it is taken is no part of what it shows.)
    const of = said?.replace(/\s+(?:after|before|afterwards|later|first|too|as well)$/i, '');
    // ("a copy of the training cert": the certificate is the file; "a photo of the rating plate" is the rating plate photo.)
    // ("a PDF of the pattern" is the pdf.)
    // ("a photo of the dish" on a dish is its photo.)
    const shows = of !== undefined && !isRecord(of) && /^(?:photo|picture|pic|snap|image|video|recording)$/.test(lower);
    const name = (lower === 'copy' || lower === 'scan') && of ? of : `${shows ? `${of} ` : ''}${which ? `${which} ` : ''}${lower === 'pic' || lower === 'snap' ? 'photo' : lower}`;
    // (A file named by its format alone is read with its article: "a pdf".)
    const phrase = name === 'pdf' ? 'a pdf' : name;
    return rules ? `${phrase} (${rules})` : phrase;
  };
  const phrases = [named(mention[1], mention[2]!, mention[3]), ...(second ? [named(second[1], second[2]!)] : [])];
  const on = ON_RECORD.exec(after.replace(/^\s*\([^()]*\)/, ''));
  return { phrases, ...(on ? { on: on[1]! } : {}) };
}

/** The kinds and size said after the file ("jpeg, max 5 MB"), or undefined when none are. */
function fileRules(after: string, named: string): string | undefined {
  const size = SIZE.exec(after);
  // (The kinds are said after the file, or in its name: "a PDF of the pattern" is a pdf.)
  const kinds = KINDS.filter(([re]) => re.test(after) || re.test(named)).map(([, kind]) => kind);
  if (!size && kinds.length === 0) return undefined;
  return [...(kinds.length > 0 ? [kinds.join(' or ')] : []), ...(size ? [`max ${size[1]} ${size[2]!.toUpperCase()}`] : [])].join(', ');
}
