/**
 * User stories as plain statements: "As a coach, I want to add drills so that ..." says the
 * same as "Coaches can add drills", which the rights and field readers understand. First-person
 * words become the role's ("my own lessons" -> "their own lessons"); the "so that ..." reason
 * is dropped (it states no structure).
 */
import { RIGHT_VERBS } from '../offline-author/lexicon';
import { plural } from '../offline-author/text';
import { tagTerms } from './tag';
import { verbLemma } from './workflow-phrases';

/** Messages a user may want sent to them ("a reminder", "a text", "a nudge"). */
const MESSAGE_WORDS = String.raw`(?:an?\s+)?(?:(?:text|email|e-mail|sms|quick|short|friendly)\s+)?(?:reminder|text|email|e-mail|message|notification|alert|call|sms|nudge|ping|heads-up|heads up)`;
/** ("As the club secretary I manage players": a verb of rights in the present says the same as "I can manage".) */
const PRESENT_RIGHTS = Object.keys(RIGHT_VERBS).join('|');
const WANT = String.raw`(?:i(?:'m|\s+am)\s+(?=responsible for\s)|i\s+(?=(?:have|'ve got)\s+(?:full|complete|total|all|admin|read-only)\s+(?:access|control)\b)|i\s+(?=(?:get|receive)\s+${MESSAGE_WORDS}\b)|i\s+(?:(?:want to|would like to|'d like to|need to|wish to|should be able to|must be able to|am able to|can|may|will|get to|want|need|expect to)\s+|(?:also\s+)?(?=(?:${PRESENT_RIGHTS})\s)))`;
/**
 * The role's determiner; "As someone browsing the website" and "As anyone" name the public; a
 * role of one to three words without one before a comma and "I" ("As counter staff, I want to").
 */
const WHO = String.raw`(?:(?:an?|the|one of the)\s+|(?=(?:someone|somebody|anyone|anybody)\b)|(?=(?!(?:soon|well|part|long|far|much|usual|before|always|such|if|for|of|to|with|per)\b)[a-z]+(?:\s+[a-z]+){0,2}\s*,\s*i\b))`;
/** ("As a club member I can sign up for a tournament, and ...": the role never runs past "I".) */
const STORY_WITH_COMMA = new RegExp(String.raw`^as ${WHO}((?:(?!\bi\s)[^,])+?),\s*(?:([^,]*?),?\s+)?${WANT}(.+)$`, 'i');
/** ("As a studio owner I want to ...": the role runs to "I".) */
const STORY_WITHOUT_COMMA = new RegExp(String.raw`^as ${WHO}([a-z][a-z' -]*?)\s+()${WANT}(.+)$`, 'i');
const STORY = { exec: (text: string) => STORY_WITH_COMMA.exec(text) ?? STORY_WITHOUT_COMMA.exec(text) };

/** The role phrase in plural ("coach" -> "coaches", "front desk person" -> "front desk persons"). */
function pluralRole(written: string): string {
  // ("As an applicant (someone applying to be a driver)": the parenthesis explains, it names no one.)
  // ("As a visitor who hasn't signed up yet": a visitor without an account.)
  const role = written.replace(/\s*\([^()]*\)/g, '').replace(/\s+who\s+(?:hasn't|haven't|has not|have not|isn't|aren't|is not|are not|doesn't|don't)\s+(?:yet\s+)?(?:signed up|registered|logged in|signed in|got an account|made an account|an account|have an account|joined)(?:\s+yet)?\b/i, ' without an account');
  // ("a visitor without an account" -> "visitors without an account": the noun before its qualifier.)
  const [, head, qualifier] = /^(.+?)(\s+(?:without|with|who|from|at|in|of|on|for|that)\s.*)?$/i.exec(role.trim())!;
  const ws = head!.split(/\s+/);
  // ("As someone browsing the website": anyone browsing it.)
  if (/^(?:someone|somebody|anyone|anybody)$/i.test(ws[0]!)) return `anyone${ws.length > 1 ? ` ${ws.slice(1).join(' ')}` : ''}${qualifier ?? ''}`;
  ws[ws.length - 1] = plural(ws[ws.length - 1]!);
  return `${ws.join(' ')}${qualifier ?? ''}`;
}

/** What the user's "I can" / "I want to" starts again within a story ("..., and I can read them"). */
const AGAIN = /\s*,?\s+and\s+I\s+(?:also\s+)?(?:want to|would like to|need to|can|may|should be able to|am able to|get to)\s+/;

/** A story as the statements it makes: one per "I can ..." in it. */
/** The reason a story gives ("so I can pick something", "so that ..."): no structure, and it holds an "I can" of its own. */
const REASON = /\s*,?\s+so\s+(?:that\s+)?(?:i|we|they)\b.*$/i;

/**
 * "I'm the owner and can do everything", "I am the head coach, so I can manage the squads", "My
 * husband and I are the managers and can do anything at all": the
 * writer names their role, then what they may do; said as the role's sentence.
 */
const SELF_ROLE = /^(?:and\s+|oh,?\s+and\s+)?(?:i(?:'m|\s+am)|(?:my|our)\s+[a-z]+(?:\s+[a-z]+)?\s+and\s+i\s+are|we(?:'re|\s+are))\s+(?:the|an?)\s+([a-z][a-z -]{1,30}?)\s*,?\s+(?:and|so)\s+(?:i\s+|we\s+)?((?:can|may|get to|need to|should be able to)\s.+|(?:have|'ve got)\s+(?:full|complete|total|admin)\s+(?:access|control)\b.*)$/i;

function selfRole(sentence: string): string | undefined {
  const m = SELF_ROLE.exec(sentence.trim());
  if (!m) return undefined;
  const rights = m[2]!.replace(/^(?:have|'ve got)\s+/i, 'has ');
  return `The ${m[1]!.trim()} ${rights.replace(/\bmy\b/gi, 'their').replace(/\bme\b/gi, 'them')}`;
}

export function storyAsStatements(sentence: string): string[] {
  const m = STORY.exec(sentence.trim().replace(REASON, ''));
  if (!m) {
    const self = selfRole(sentence);
    return [self ?? sentence];
  }
  const [first, ...more] = m[3]!.split(AGAIN);
  return [storyAsStatement(sentence.trim().replace(REASON, '').replace(m[3]!, first!)), ...more.map((rest) => `${pluralRole(m[1]!)} can ${rest.replace(/\bmy\b/gi, 'their').replace(/\bme\b/gi, 'them')}`)];
}

export function storyAsStatement(sentence: string): string {
  const m = STORY.exec(sentence.trim());
  if (!m) return sentence;
  // "As a student, after a lesson I want to leave a review for it": the circumstance goes last.
  const rest = `${m[3]!}${m[2] ? ` ${m[2]}` : ''}`
    .replace(/\s*,?\s+so (?:that|i|we)\b.*$/i, '')
    .replace(/\s+for (?:it|them)\b/gi, '')
    // ("and only I can edit mine": they can only edit their own.)
    .replace(/\bonly I (can|may)\b/gi, 'I $1 only')
    .replace(/\bmine\b/gi, 'their own')
    .replace(/\bmy own\b/gi, 'their own')
    .replace(/\bmyself\b/gi, 'themselves')
    .replace(/\bmy\b/gi, 'their')
    .replace(/\bme\b/gi, 'them')
    // ("an evening I've said I'm coming to": one they have said they are coming to.)
    .replace(/\bI(?:'m|\s+am)\b/gi, 'they are')
    .replace(/\bI've\b/gi, 'they have')
    .replace(/\bI'd\b/gi, 'they would')
    .replace(/\bi\b|\bI\b/g, 'they')
    // ("I want full access to everything": have it.)
    .replace(/^(full|complete|total|all|admin|read-only|read) (access|control)\b/i, 'have $1 $2')
    // ("I'm responsible for the vehicles register": they manage it.)
    .replace(/^responsible for\s+/i, 'manage ');
  // "As the director, when a production starts running, I want the schedule published": a workflow.
  // ("after a lesson", with no verb, is only when the user acts.)
  if (m[2] && /^(?:when|whenever|once|if|after|before|as soon as|each time|every time)\b/i.test(m[2]) && tagTerms(m[2]).slice(1).some((t) => t.tags.has('Verb'))) return `${m[2]}, ${m[3]!}`;
  return wishAsWorkflow(rest) ?? `${pluralRole(m[1]!)} can ${rest}`;
}


/**
 * "I want a reminder two hours before my lesson starts", "I want an email when someone requests
 * it", "I want to be told right away when a horse becomes injured": not a right but a message the
 * system sends, said as the workflow sentence the workflow reader reads.
 */
function wishAsWorkflow(rest: string): string | undefined {
  // "a request that isn't collected within 5 days to expire", "an application that has had no
  // decision (granted or refused) within 10 days to be flagged to them": if it is not, act on it.
  const unmet = /^((?:an?|any|each)\s+[a-z]+(?:\s+[a-z]+)?)\s+that\s+(?:(?:isn't|is not|hasn't been|has not been|wasn't)\s+([a-z]+(?:\s+or\s+[a-z]+)?)|has had no [a-z]+\s*\(([^)]+)\))\s+(within\s+.+?)\s+to\s+(?:be\s+)?([a-z]+)(.*)$/i.exec(rest);
  if (unmet) return `If ${unmet[1]} is not ${unmet[2] ?? unmet[3]} ${unmet[4]}, ${verbLemma(unmet[5]!)} it${unmet[6]!.replace(/[.,]\s*$/, '')}`;
  // "a refill request escalated to them when no pharmacist has approved or declined it within 24 hours".
  const undone = /^((?:an?|any|each)\s+[a-z]+(?:\s+[a-z]+)?)\s+([a-z]+ed)\b(.*?)\s+(?:when|if)\s+no\s*(?:one|body|[a-z]+)?\s+(?:has|have)\s+(.+?)\s+(?:it|them)\s+(within\s+.+)$/i.exec(rest);
  if (undone) return `If ${undone[1]} is not ${undone[4]} ${undone[5]!.replace(/[.,]\s*$/, '')}, ${verbLemma(undone[2]!)} it${undone[3]}`;
  // (The condition runs to ", and ...", which goes on after the action: "..., and 14 days later the vet should be asked".)
  const split = (cond: string) => {
    const [head, ...tail] = cond.replace(/[.,]\s*$/, '').split(/,\s*and\s+/);
    return { head: head!, tail: tail.length > 0 ? `, and ${tail.join(', and ')}` : '' };
  };
  const told = /^(?:to be|be|being)\s+(?:told|notified|informed|alerted|emailed|texted)\b(.*?)\s*\b(when|once|as soon as|if)\s+(.+)$/i.exec(rest);
  if (told) {
    const { head, tail } = split(told[3]!);
    return `${told[2]} ${head}, notify them${told[1]!.trim() ? ` ${told[1]!.trim()}` : ''}${tail}`;
  }
  // "to hear about a new report the moment it's created", "to know about every new booking": tell them when it is.
  const about = String.raw`^(?:to\s+)?(?:hear|know|learn|find out)\s+about\s+((?:an?|any|each|every|the)\s+(?:new\s+)?[a-z]+(?:\s+[a-z]+)?)`;
  const heard = new RegExp(String.raw`${about}\s+(?:the moment|the minute|as soon as|when|once|whenever|right after|straight after)\s+(?:it|they)\s*(?:'s|'re|\s+is|\s+are|\s+gets?|\s+has been|\s+have been)\s+([a-z]+)(.*)$`, 'i').exec(rest)
    ?? new RegExp(String.raw`${about}()()\W*$`, 'i').exec(rest);
  if (heard && (heard[2] || /\bnew\b/i.test(heard[1]!))) {
    return `When ${heard[1]!.replace(/^(?:any|each|every|the)\b/i, 'a')} is ${heard[2] || 'created'}, notify them${heard[3]!.replace(/[.,]\s*$/, '')}`;
  }
  // ("patients to get a text reminder the day before ...": the message goes to them.)
  const sent = new RegExp(String.raw`^(?:(?:(?:the\s+)?([a-z]+(?:\s+[a-z]+)?)\s+to\s+)?(?:get|receive)\s+)?(${MESSAGE_WORDS})\s+(.+)$`, 'i').exec(rest);
  if (!sent) return undefined;
  const [, people, message, after] = sent;
  const to = people ? ` to the ${people}` : '';
  const when = /^(.*?)\b(when|once|as soon as|whenever)\s+(.+)$/i.exec(after!);
  if (when) {
    const { head, tail } = split(when[3]!);
    return `${when[2]} ${head}, send ${message}${to}${when[1]!.trim() ? ` ${when[1]!.trim()}` : ''}${tail}`;
  }
  return /\b(?:before|after|later|on the (?:day|morning|evening|night))\b/i.test(after!) ? `Send ${message}${to} ${after}` : undefined;
}
