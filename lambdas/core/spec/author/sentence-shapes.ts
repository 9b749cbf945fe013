/**
 * Shapes of whole sentences the statement stage (statements.ts) reads before anything else: a
 * record type's name said alone as a sentence ("Members."), a section's name ("Access."), a label
 * that says who makes its records ("projects the kids make"), and a right used, then who is told
 * ("Coordinators can cancel a work party, and everyone signed up should get an email").
 */
import { participle } from './workflow-phrases';

/** A record type's plural said alone as a sentence ("Members.", "Work sessions."). */
export const LABEL_SENTENCE = /^[A-Za-z][a-z-]*(?:\s+[a-z-]+)?\.?$/;
/** A section's name said alone as a sentence ("Access.", "Automation."). */
export const SECTION_SENTENCE = /^[A-Za-z][a-z-]*(?:\s+[a-z-]+){0,2}\s*[.:]?$/;

/** "projects the kids make", "jobs we do": the records a label names, without who makes them. */
export function withoutMakers(label: string): string {
  return label.replace(/^\s*([a-z][a-z-]*[^s\W]s)\s+(?:that\s+|which\s+)?(?:(?:the|our|my)\s+[a-z]+s|we|they|i|you|people|members|customers)\s+(?!(?:can|could|may|must|should|will|would|do|does|is|are|have|has)\b)[a-z]+\s*$/i, '$1');
}

/** "Coordinators can cancel a work party, and everyone signed up should get an email": a right, then what follows when it is used. */
const ACT_THEN_TOLD = /^(.+?\b(?:can|may|will|should be able to)\s+(?:also\s+)?(cancel|close|approve|reject|decline|confirm|publish|postpone|reschedule|complete|finish|accept)\s+(?:a|an|the|any)\s+([a-z]+(?:\s+[a-z]+)?))\s*,?\s+and\s+(?:then\s+)?((?:everyone|everybody|all|the|each|every|their|its|anyone)\b[^,]*?)\s+(?:should|will|must|needs? to)?\s*(?:get|gets|receive|receives|be\s+sent|is\s+sent|are\s+sent)\s+(an?\s+[a-z-]+(?:\s+[a-z-]+)?|[a-z-]+)\s*\.?$/i;

/** The right, then the workflow it sets off, as two sentences; undefined when the sentence is not so. */
export function rightThenTold(sentence: string): string[] | undefined {
  const told = ACT_THEN_TOLD.exec(sentence.trim());
  if (!told) return undefined;
  const record = told[3]!;
  return [told[1]!, `When ${/^[aeiou]/i.test(record) ? 'an' : 'a'} ${record} is ${participle(told[2]!)}, ${told[4]!.trim()} should get ${told[5]!.trim()}`];
}

/**
 * "Directors can manage members and their voice part (soprano, alto, tenor, bass)": the right,
 * then what each of those has, as two sentences; undefined when the sentence is not so.
 */
export function rightWithTheirs(sentence: string): string[] | undefined {
  const m = /^(.+?\b(?:can|may|should\s+be\s+able\s+to|will)\s+(?:also\s+)?(?:manage|add|edit|keep\s+track\s+of|look\s+after|maintain|update|set\s+up|register)\s+(?:the\s+|our\s+|all\s+(?:the\s+)?)?([a-z]+?s))\s+and\s+their\s+([a-z]+(?:\s+[a-z]+)?)\s*(\([^()]+\))?\s*\.?$/i.exec(sentence.trim());
  if (!m) return undefined;
  const [, right, records, field, values] = m;
  return [right!, `Each ${records!.replace(/s$/i, '')} has a ${field!}${values ? ` ${values}` : ''}`];
}

/** What people mark themselves as, and the record of it ("attending" -> attendance). */
const MARKED_AS: Readonly<Record<string, string>> = { attending: 'attendance', coming: 'attendance', going: 'attendance', present: 'attendance', available: 'availability', unavailable: 'availability', interested: 'interest' };

/**
 * "Members can mark themselves as attending or not attending a rehearsal": a record of each
 * person's answer for one of those, which they make and change; undefined when the sentence is not so.
 */
export function markedThemselves(sentence: string): string[] | undefined {
  const m = /^((?:the\s+|our\s+|all\s+)?([a-z]+?)s)\s+(?:can|may|should\s+be\s+able\s+to|will)\s+(?:also\s+)?(?:mark|set|flag|put\s+down)\s+themselves\s+(?:as\s+)?([a-z]+)(?:\s+or\s+(?:not\s+[a-z]+|un[a-z]+|not))?\s+(?:for|to|at|on)?\s*(?:a|an|each|every|the)\s+([a-z]+)\s*\.?$/i.exec(sentence.trim());
  const record = m ? MARKED_AS[m[3]!.toLowerCase()] : undefined;
  if (!m || !record) return undefined;
  const [, people, person, answer, occasion] = m;
  return [`Each ${record} is for one ${occasion!} and has the ${person!} and whether they are ${answer!.toLowerCase()}`, `${people!} can create, see and update their own ${record === 'availability' ? 'availabilities' : `${record}s`}`];
}

/**
 * "Customers can approve or reject a proof and leave a comment": the right, then what each of
 * those records holds of what they leave on it; undefined when the sentence is not so.
 */
export function rightLeavingNote(sentence: string): string[] | undefined {
  const m = /^(.+?\b(?:can|may|should\s+be\s+able\s+to|will)\s+(?:also\s+)?(?:approve|reject|accept|decline|review|check|sign\s+off|mark|close)(?:\s+(?:or|and)\s+(?:approve|reject|accept|decline|review|check|sign\s+off|mark|close))?\s+(?:a|an|the|their|each)\s+([a-z]+))\s+and\s+(?:leave|add|write|give)\s+(?:a|an)\s+(comment|note|reason|remark)\s*\.?$/i.exec(sentence.trim());
  return m ? [m[1]!, `Each ${m[2]!} has a ${m[3]!} (optional)`] : undefined;
}

/**
 * "Coordinators can see all lift requests and assign a driver to each one": the right (assigning
 * is changing them), then whom each is assigned to; undefined when the sentence is not so.
 */
export function rightAssigning(sentence: string): string[] | undefined {
  const m = /^(.+?\b(?:can|may|should\s+be\s+able\s+to|will)\s+(?:also\s+)?(?:see|view|look\s+at|read)\s+(?:all\s+)?(?:the\s+)?(?:new\s+)?([a-z]+(?:\s+[a-z]+)?s))\s+and\s+(?:then\s+)?(?:assign|allocate)\s+(?:a|an)\s+([a-z]+)\s+to\s+(?:each|every)\s+(?:one|of\s+them)\s*\.?$/i.exec(sentence.trim());
  return m ? [`${m[1]!} and update them`, `Each ${m[2]!.replace(/s$/i, '')} is assigned to one ${m[3]!}`] : undefined;
}

/**
 * "Kegs have a serial number and are either full, on tap, empty or out at a customer": what each
 * has, then the states it is in, as two sentences; undefined when the sentence is not so.
 */
export function havingThenStates(sentence: string): string[] | undefined {
  // ("A parent has a name, email, mobile and can have more than one child at the school": what it has, then how many of another.)
  const m = /^((?:(?:each|every|a|an|the|our|all)\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:has|have|holds?|carry|carries|comes?\s+with)\s+.+?)\s*,?\s+and\s+((?:is|are)\s+(?:always\s+)?(?:either|one\s+of)\s+[a-z].*\bor\b.+|(?:can|may)\s+have\s+(?:more than one|several|many|multiple|one or more)\s+[a-z].*)$/i.exec(sentence.trim().replace(/\.$/, ''));
  if (!m || /\b(?:and|or)\b/i.test(m[2]!)) return undefined;
  const subject = m[1]!.slice(0, m[1]!.length - m[1]!.replace(/^(?:(?:each|every|a|an|the|our|all)\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?=has|have|hold|carr|come)/i, '').length).trim();
  return [m[1]!, `${subject.replace(/^./, (c) => c.toUpperCase())} ${m[3]!}`];
}

/**
 * "Instructors can see who's booked on their classes and mark who turned up": the bookings of
 * those, read and changed, then what each booking holds of it; undefined when the sentence is not so.
 */
export function bookedThenMarked(sentence: string): string[] | undefined {
  const m = /^(.+?\b(?:can|may|should\s+be\s+able\s+to|will|want\s+to|need\s+to))\s+(?:also\s+)?(?:see|view|check|look\s+at)\s+who(?:['’]s|\s+is|\s+has)\s+(?:booked|signed\s+up|registered|enrolled)\s+(?:on|onto|for|into|in)\s+((?:their|my|his|her|the|each|a)\s+[a-z]+)(?:\s+and\s+(?:then\s+)?(?:mark|tick(?:\s+off)?|record|note)\s+who\s+(turned\s+up|showed\s+up|came|attended|was\s+there|is\s+there))?\s*\.?$/i.exec(sentence.trim());
  if (!m) return undefined;
  const [, who, what, marked] = m;
  return [`${who!} see and update the bookings for ${what!}`, ...(marked ? ['Each booking has whether they attended'] : [])];
}

/**
 * "After each appointment the vet writes notes and can attach x-rays or lab results (PDF or
 * images, max 25 MB each)": what is written up on each of those, and the file attached, as what
 * each of those has; undefined when the sentence is not so.
 */
export function writtenUpAfter(sentence: string): string[] | undefined {
  const m = /^after\s+(?:each|every|an?|the)\s+([a-z]+(?:\s+[a-z]+)?)\s*,?\s+(?:the|our|their|a|an)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:writes?|adds?|records?|types?\s+up|fills?\s+in|leaves?|jots?\s+down)\s+(?:up\s+)?(?:some\s+|a\s+few\s+|their\s+|short\s+|a\s+)?(notes?|report|summary|comments?|write-up|remarks?)(?:\s+(?:and|,)\s+(?:can\s+|may\s+|also\s+|then\s+)*(?:attach|upload|add)\s+(?:an?\s+|the\s+|some\s+|any\s+)?([a-z-]+(?:\s+[a-z-]+)?(?:\s+or\s+[a-z-]+(?:\s+[a-z-]+)?)*)\s*(\([^()]*\))?)?\s*\.?$/i.exec(sentence.trim());
  if (!m) return undefined;
  const [, record, written, attached, kinds] = m;
  const file = attached ? `${/\sor\s/i.test(attached) ? 'attachments' : attached}${kinds ? ` ${kinds}` : ' (file)'}` : undefined;
  return [`Each ${record!} has ${written!.toLowerCase().replace(/^notes?$/, 'notes (long text)')}${file ? ` and ${file}` : ''}`];
}

/**
 * "Photographers can upload photos to a gallery (JPEG, up to 40 MB each) and mark the gallery as
 * ready": each of those is a file in one of the others, which they may then change; undefined
 * when the sentence is not so.
 */
export function uploadedInto(sentence: string): string[] | undefined {
  const m = /^(.+?\b(?:can|may|will|should\s+be\s+able\s+to))\s+(?:also\s+)?upload\s+([a-z]+s)\s+(?:to|into|onto|in)\s+(?:a|an|the|their|each)\s+([a-z]+)\s*(\([^()]*\))?(?:\s+and\s+(?:then\s+)?(?:mark|set|flag)\s+(?:the|that|it|each)\s*(?:[a-z]+\s+)?as\s+([a-z]+))?\s*\.?$/i.exec(sentence.trim());
  if (!m) return undefined;
  const [, who, files, holder, kinds, state] = m;
  const each = files!.replace(/s$/i, '');
  // (The state it is marked as is read where something follows from it: "when my gallery is ready, ...".)
  return [`Each ${each} belongs to one ${holder!} and has a file ${kinds ?? '(image)'}`, `${who!} create ${files!}${state ? ` and update ${holder!}s` : ''}`];
}

/**
 * "the station manager approves new shows before they go on the schedule (pending -> approved or
 * rejected)": who approves them, and the states they go through; undefined when the sentence is
 * not so.
 */
export function approvedThrough(sentence: string): string[] | undefined {
  const m = /^(?:and\s+)?((?:the|our|a)\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(approves?|reviews?|vets?|checks?|moderates?)\s+(?:all\s+|any\s+|the\s+|each\s+)?(?:new\s+)?([a-z]+?)s\b[^()]*\(\s*([a-z][a-z ]*(?:\s*(?:->|→|then|,)\s*[a-z][a-z ]*)+(?:\s+or\s+[a-z][a-z ]*)?)\s*\)\s*\.?$/i.exec(sentence.trim());
  if (!m || !/->|→|\bthen\b/.test(m[5]!)) return undefined;
  const [, the, who, verb, thing, states] = m;
  return [`${the ?? ''}${who!} can ${verb!.toLowerCase().replace(/s$/, '')} ${thing!}s`, `A ${thing!} goes ${states!.trim()}`];
}

/**
 * "Parents then give or refuse consent for their child, and can add medical notes and dietary
 * needs": a record of what they decide, made by them, with its answer and what they add;
 * undefined when the sentence is not so.
 */
export function givenOrRefused(sentence: string): string[] | undefined {
  const m = /^(?:the\s+)?([a-z]+s)\s+(?:then\s+|can\s+|will\s+|must\s+)*give\s+or\s+(refuse|withhold|decline)\s+(consent|permission|approval)\b(?:\s+(?:for|to)\s+(?:their|a|the|each)\s+([a-z]+))?(?:\s*,?\s+and\s+(?:can\s+|may\s+)?(?:also\s+)?(?:add|give|include|note)\s+(.+?))?\s*\.?$/i.exec(sentence.trim());
  if (!m) return undefined;
  const [, people, refused, what, whose, added] = m;
  const given = refused!.toLowerCase() === 'refuse' ? 'refused' : `${refused!.toLowerCase()}d`.replace(/dd$/, 'd');
  return [`Each ${what!.toLowerCase()} has ${whose ? `the ${whose}, ` : ''}an answer (given or ${given})${added ? `, ${added}` : ''}`, `${people!} can create ${what!.toLowerCase()}s`];
}
