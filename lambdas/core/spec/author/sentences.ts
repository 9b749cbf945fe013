/**
 * Sentences of a paragraph, without their final punctuation. A full stop ends a sentence before
 * a capital and, since people writing quickly often start sentences in lower case ("staff manage
 * pitches. the warden can only look at bookings"), before a lower-case word too, unless it ends
 * an abbreviation ("e.g.", "approx.", "no."). Parentheses are never split.
 */
const ABBREVIATION = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|approx|dr|mr|mrs|ms|no|nr|incl|esp|cf|min|max)\.$/i;
/** Abbreviations that come last in what they shorten ("8 MB max.", "and so on etc."): a sentence may end with them. */
const ENDING_ABBREVIATION = /(?:^|[\s(])(?:etc|min|max|approx|incl)\.$/i;

/** "each client has 1 or more dogs - dog has name, breed", "Payment can be in instalments - we record each payment with ...": a dash before a new clause about a record ends a sentence. */
const DASHED_CLAUSE = /\s+[-–—]\s+(?=(?:(?:each|every|a|an|the)\s+)?[a-z]+\s+(?:has|have|is|are|gets|needs|holds|keeps)\s|(?:we|i)\s+(?:record|keep|log|note|store|track)\s+(?:each|every|all|the)\s)/gi;

export function splitSentences(paragraph: string): string[] {
  const block = paragraph.replace(/\s*\n\s*/g, ' ').trim().replace(UNIQUE_CLAUSE, ' (unique)').replace(UNIQUE_ASIDE, ' (unique)').replace(UNIQUE_AFTER_COMMA, ' (unique)').replace(RULE_ASIDE, ' ($1)').replace(BOUND_ASIDE, ' ($1)').replace(DASHED_CLAUSE, '. ');
  const out: string[] = [];
  let start = 0;
  let depth = 0;
  for (let i = 0; i < block.length; i += 1) {
    const ch = block[i];
    if (ch === '(') depth += 1;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (depth > 0 || (ch !== '.' && ch !== '!' && ch !== '?')) continue;
    const next = block[i + 1];
    if (next !== undefined && next !== ' ' && next !== '"' && next !== "'") continue;
    // ("paid? (y/n) + status": a question mark inside a field list ends nothing.)
    // (Nor one in quotes before more of the sentence: 'a "how was your stay?" email'.)
    if (ch !== '.' && /^["”'’]?\s*[a-z(+,]/.test(block.slice(i + 1))) continue;
    const piece = block.slice(start, i + 1);
    // ("... and 8 MB max. Quotes are for a job", "band etc. A supplier has ...": an abbreviation that may end a sentence does so before a capital.)
    if (ch === '.' && ABBREVIATION.test(piece) && !(ENDING_ABBREVIATION.test(piece) && /^\s+(?:[A-Z][a-z]|[AI]\s)/.test(block.slice(i + 1)))) continue;
    // ("listeria, E. coli, salmonella": a capital initial before a word in lower case is a name's, no sentence's end.)
    if (ch === '.' && /(?:^|[\s(,])[A-Z]\.$/.test(piece) && /^\s+[a-z]/.test(block.slice(i + 1))) continue;
    push(out, piece);
    start = i + 1;
  }
  push(out, block.slice(start));
  return out;
}

/**
 * "its passport number - every horse has one and no two are ever the same, so that's the thing to
 * hang it on": the field's rule said as an aside after a dash, with why; it is the field's `(unique)`.
 */
/** "A team has a name, and no two teams can have the same one (long story), plus ...": the name's rule, said as a clause. */
const UNIQUE_CLAUSE = /,\s*and\s+no\s+two\s+[a-z]+\s+(?:can|may|should|could)\s+(?:have|share|use)\s+the\s+same\s+(?:one|name|number|code)\b(?:\s*\([^()]*\))?/gi;
const UNIQUE_ASIDE = /\s+[-–—]\s+(?:(?:each|every)\s+[a-z]+\s+has\s+(?:one|its\s+own)\s*,?\s+(?:and|but)\s+)?no\s+two(?:\s+[a-z]+)?\s+(?:are|is|can\s+be|may\s+be)\s+(?:ever\s+)?(?:the\s+same|alike)\b(?:\s*,\s*so\b[^.;()]*)?/gi;

/** "each one has a name, no 2 the same obvs or the lads load the wrong one, the size ...": the name's rule, after its comma, with why. */
const UNIQUE_AFTER_COMMA = /,\s*no\s+(?:two|2)\s+(?:[a-z]+\s+)?(?:the\s+same|alike)\b(?:\s*,?\s*(?:obviously|of\s+course|please|mind))?(?:\s+(?:or|because|since|as|so)\b[^,;.()]*)?/gi;

/** "and an end date - the end date's optional, mind, because ...": the field's rule after a dash, with why; its parenthesis. */
const RULE_ASIDE = /\s+[-–—]\s+(?:the|its|their)\s+[a-z]+(?:\s+[a-z]+)?(?:['’]s|\s+is|\s+are)\s+(optional|required|mandatory|unique)\b(?:\s*,?\s*(?:mind|though|of course|obviously))?(?:\s*,?\s*(?:because|since|as|so)\b[^.;()]*)?/gi;

/** "Length in minutes - never more than 30, the dogs get tired": a bound after a dash, with why; its parenthesis. */
const BOUND_ASIDE = /\s+[-–—]\s+((?:never|not|no)\s+(?:more|longer|bigger|larger|higher|over)(?:\s+than)?\s+\d+(?:\.\d+)?|(?:never|not|no)\s+(?:less|shorter|fewer|lower|under)(?:\s+than)?\s+\d+(?:\.\d+)?|at\s+(?:most|least)\s+\d+(?:\.\d+)?|(?:max(?:imum)?|min(?:imum)?|up\s+to)\s+(?:of\s+)?\d+(?:\.\d+)?)(?:\s*,\s*[^.;()!?]*)?(?=[.;!?]|$)/gi;

function push(out: string[], piece: string): void {
  const s = piece
    .trim()
    .replace(/^["']+(?=[A-Za-z])/, '')
    .replace(/[.!?]+["']?$/, '')
    .trim();
  const spliced = COMMA_SPLICE.exec(s);
  if (spliced) out.push(spliced[1]!, spliced[2]!);
  else if (s) out.push(s);
}

/**
 * "each appt is for 1 client, a client can have loads of appts": two clauses, each with its own
 * subject and verb, joined by a comma alone, are two sentences.
 */
const CLAUSE_HEAD = String.raw`(?:each|every|a|an|one)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:can|may|could|will|has|have|belongs?|is|are|gets?|goes)\b`;
const COMMA_SPLICE = new RegExp(String.raw`^(${CLAUSE_HEAD}[^,;()]*),\s+(${CLAUSE_HEAD}[^,;()]*)$`, 'i');
