/**
 * User stories as plain statements: "As a coach, I want to add drills so that ..." says the
 * same as "Coaches can add drills", which the rights and field readers understand. First-person
 * words become the role's ("my own lessons" -> "their own lessons"); the "so that ..." reason
 * is dropped (it states no structure).
 */
import { RIGHT_VERBS } from '../offline-author/lexicon';
import { plural, singular } from '../offline-author/text';
import { asRoleName } from './role-names';
import { tagTerms } from './tag';
import { MESSAGE_WORDS, doneAsAction, wishAsWorkflow } from './story-wishes';
import { participle } from './workflow-phrases';

/** ("As the club secretary I manage players": a verb of rights in the present says the same as "I can manage".) */
const PRESENT_RIGHTS = Object.keys(RIGHT_VERBS).join('|');
const WANT = String.raw`(?:i(?:'m|\s+am)\s+(?=responsible for\s)|i\s+(?=(?:have|'ve got)\s+(?:full|complete|total|all|admin|read-only)\s+(?:access|control)\b)|i\s+(?=(?:get|receive)\s+${MESSAGE_WORDS}\b)|i(?:\s+|(?=['’]d\s))(?:(?:want to|would like to|['’]d like to|need to|wish to|should be able to|must be able to|am able to|can|may|will|get to|want|need|['’]d like|would like|expect to)\s+|(?:also\s+|(?=only\s+|just\s+))?(?=(?:only\s+|just\s+)?(?:${PRESENT_RIGHTS})\s)))`;
/**
 * The role's determiner; "As someone browsing the website" and "As anyone" name the public; a
 * role of one to three words without one before a comma and "I" ("As counter staff, I want to").
 */
const WHO = String.raw`(?:(?:an?|the|one of the)\s+|(?=(?:someone|somebody|anyone|anybody)\b)|(?=(?!(?:soon|well|part|long|far|much|usual|before|always|such|if|for|of|to|with|per)\b)[a-z]+(?:\s+[a-z]+){0,2}\s*,\s*i\b))`;
/** ("As a club member I can sign up for a tournament, and ...": the role never runs past "I".) */
const STORY_WITH_COMMA = new RegExp(String.raw`^as ${WHO}((?:(?!\bi\s)[^,])+?),\s*(?:([^,]*?),?\s+)?${WANT}(.+)$`, 'i');
/** ("As a studio owner I want to ...": the role runs to "I".) */
const STORY_WITHOUT_COMMA = new RegExp(String.raw`^as ${WHO}([a-z][a-z' -]*?)\s+()${WANT}(.+)$`, 'i');
/** ("As an engineer, after I upload a mix, I want ...": a circumstance of its own, up to its comma.) */
const STORY_AFTER_CIRCUMSTANCE = new RegExp(String.raw`^as ${WHO}((?:(?!\bi\s)[^,])+?),\s*((?:after|when|once|if|before|whenever|as soon as|each time|every time)\s[^,]+),\s*${WANT}(.+)$`, 'i');
const STORY = { exec: (text: string) => STORY_AFTER_CIRCUMSTANCE.exec(text) ?? STORY_WITH_COMMA.exec(text) ?? STORY_WITHOUT_COMMA.exec(text) };

/** The role phrase in plural ("coach" -> "coaches", "front desk person" -> "front desk persons"). */
function pluralRole(written: string): string {
  // ("As an applicant (someone applying to be a driver)": the parenthesis explains, it names no one.)
  // ("As a visitor who hasn't signed up yet": a visitor without an account.)
  // ("As a van driver doing rebalancing": what they are busy with names no other role.)
  const role = written.replace(/\s*\([^()]*\)/g, '').replace(/\s+(?:doing|working on|handling|running|looking after|responsible for|in charge of)\s+[a-z -]+$/i, '').replace(/\s+who\s+(?:hasn't|haven't|has not|have not|isn't|aren't|is not|are not|doesn't|don't)\s+(?:yet\s+)?(?:signed up|registered|logged in|signed in|got an account|made an account|an account|have an account|joined)(?:\s+yet)?\b/i, ' without an account');
  // ("a visitor without an account" -> "visitors without an account": the noun before its qualifier.)
  const [, head, qualifier] = /^(.+?)(\s+(?:without|with|who|whose|from|at|in|of|on|for|that)\s.*)?$/i.exec(role.trim())!;
  const ws = head!.split(/\s+/);
  // ("As someone browsing the website": anyone browsing it.)
  if (/^(?:someone|somebody|anyone|anybody)$/i.test(ws[0]!)) return `anyone${ws.length > 1 ? ` ${ws.slice(1).join(' ')}` : ''}${qualifier ?? ''}`;
  ws[ws.length - 1] = plural(ws[ws.length - 1]!);
  return `${ws.join(' ')}${qualifier ?? ''}`;
}

/** What the user's "I can" / "I want to" starts again within a story ("..., and I can read them"). */
const AGAIN = /\s*,?\s+and\s+I\s+(?:also\s+)?(?:want to|would like to|need to|can|may|should be able to|am able to|get to)\s+/;

/** A story as the statements it makes: one per "I can ..." in it. */
/**
 * The reason a story gives ("so I can pick something", "so that ...", ", so every booking has a
 * room"): no structure (the records it names are the goal, not the data), and it holds an "I
 * can" of its own.
 */
const REASON = /\s*,?\s+so\s+(?:that\s+)?(?:i|we|they)\b.*$|\s+so\s+that\b.*$|\s*,\s*so\s+(?:every|each|all|the|a|an|our|their|nobody|no one|everyone|everybody|people|it|there|this|these|those|nothing)\b.*$/i;

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
  // ("I'm the boss so I can do whatever I like": whatever they like.)
  return `The ${asRoleName(m[1]!)} ${rights.replace(/\bmy\b/gi, 'their').replace(/\bme\b/gi, 'them').replace(/\bI\s+(like|want|please|choose|need)\b/g, 'they $1')}`;
}

/**
 * "Then, 8 weeks before my licence expires, I want a renewal reminder": a story goes on, a time
 * first and the message wished for after it; said as the workflow sentence.
 */
function laterWish(sentence: string): string | undefined {
  const m = new RegExp(String.raw`^((?:(?:then|and then|after that|also|and)\s*,?\s*)?[^,]*\b(?:before|after|later|when|once)\b[^,]*),\s*I\s+(?:want|'d like|would like|need|get|expect)\s+(${MESSAGE_WORDS})\s*\.?$`, 'i').exec(sentence.trim());
  return m ? `${m[1]!.replace(/\bmy\b/gi, 'their').replace(/\bI\b/g, 'they')}, send ${m[2]}` : undefined;
}

/** The role a story is told by, without its article ("the swarm coordinator" -> "swarm coordinator"). */
const storyRole = (said: string) => said.trim().replace(/^(?:an?|the)\s+/i, '');

/** Other people a story wants to act ("I want members of the public to report a swarm"): who, and what they do. */
const OTHERS_TO_ACT = /^((?:the\s+)?(?:public|members of the public|anyone|anybody|everyone|visitors|guests|customers|clients|parents|members|people|[a-z]+(?:ers|ors|ists|ians|ees|ants|ents)|(?:all|our|the)\s+[a-z]+(?:ers|ors|ists|ians|ees|ants|ents)))\s+to\s+(?:be\s+able\s+to\s+)?(?!(?:be|get|receive|hear|know|see that)\b)([a-z]+\s.+)$/i;

/** ("As a regular hirer (the yoga class, the choir), I want ...": the parenthesis explains the role, its commas end nothing.) */
const ROLE_ASIDE = /^(as\s+[^,()]+?)\s*\(([^()]*)\)(?=\s*,)/i;

/** "the system to wait up to 7 days ...", "it to chase them": what the system is wished to do, said as an order. */
function systemDoes(rest: string): string {
  return rest.replace(/^(?:the\s+(?:system|app|platform|site|website|software|backend)|it)\s+to\s+/i, '');
}

/** ("As an engineer, after I upload a mix I want the system to ...": the circumstance ends where the wish begins.) */
const CIRCUMSTANCE_THEN_WISH = /^(as\s[^,]+,\s*(?:after|when|once|if|before|whenever|as soon as)\s[^,]+?)\s+(i\s+(?:want|would like|'d like|need|expect|wish)\b)/i;

/**
 * "As a placement officer, when a referral comes in I have 48 hours to accept or decline it; if I
 * haven't done either by then, the registered manager gets an alert": the time the role is given
 * to act, a workflow said by the one who acts.
 */
const TIME_TO_ACT = /^as\s+(?:an?|the)\s+([^,]+?),\s*((?:when|once|after|as soon as|whenever)\s+[^,;]+?)\s*,?\s+i\s+(?:have|get|should have)\s+((?:up to\s+)?(?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(?:minutes?|hours?|days?|weeks?)\s+to\s+.+)$/i;

/** "As a scheme admin, I'm emailed 30 days before a minibus's MOT is due": the system tells the role, then. */
// ("I'm told as soon as ...", "I get nagged if ...": said of a person, what the system sends them.)
const TOLD = /^as\s+(?:an?|the)\s+([^,]+?),\s*i(?:'m|’m|\s+am|\s+get|\s+should be|'d like to be|\s+want to be)\s+(emailed|texted|notified|reminded|alerted|messaged|paged|phoned|told|informed|nagged|chased|warned|pinged)\s+(.+)$/i;
/** The verb of the message a person is told by: "told" is a notice, "nagged" a reminder. */
const TOLD_AS: Readonly<Record<string, string>> = { told: 'notify', informed: 'notify', nagged: 'remind', chased: 'remind', warned: 'alert', pinged: 'notify' };

/** "As the exams officer, I get an alert if nobody has moved a request ... within 10 days": if so, the system alerts the role. */
const GOT_IF = new RegExp(String.raw`^as\s+(?:an?|the)\s+([^,]+?),\s*i\s+(?:get|receive|should get)\s+(${MESSAGE_WORDS})\s+(if|when|once|as soon as|whenever)\s+(.+)$`, 'i');
const MESSAGE_VERBS: Readonly<Record<string, string>> = { alert: 'alert', email: 'email', 'e-mail': 'email', text: 'text', sms: 'text', reminder: 'remind', call: 'phone', message: 'message', nudge: 'nudge', ping: 'ping' };

/** "As a customer I want an email when my proof is ready and another when my order is dispatched": two messages, each when it says. */
const TWO_MESSAGES = /^as\s+(?:an?|the)\s+([^,]+?),?\s+i\s+(?:want|would\s+like|['’]d\s+like|need)\s+(?:an?\s+)?(email|e-mail|text|message|notification|reminder)\s+(when|once|as\s+soon\s+as)\s+(.+?)\s+and\s+another(?:\s+one)?\s+(when|once|as\s+soon\s+as)\s+(.+)$/i;

export function storyAsStatements(written: string): string[] {
  const two = TWO_MESSAGES.exec(written.trim().replace(/\.$/, ''));
  if (two) {
    const verb = MESSAGE_VERBS[two[2]!.toLowerCase()] ?? 'notify';
    const theirs = (said: string) => said.replace(/\bmy\b/gi, 'their').replace(/\bI\b/g, 'they');
    return [[two[3]!, two[4]!], [two[5]!, two[6]!]].map(([when, what]) => `${when![0]!.toUpperCase()}${when!.slice(1)} ${theirs(what!)}, ${verb} the ${two[1]!.trim()}.`);
  }
  const got = GOT_IF.exec(written.trim().replace(/\.$/, ''));
  if (got) {
    const verb = MESSAGE_VERBS[got[2]!.toLowerCase().split(/\s+/).pop()!] ?? 'notify';
    const condition = got[4]!.replace(/\bmy\b/gi, 'their').replace(/\bI\b/g, 'they');
    return [`${got[3]![0]!.toUpperCase()}${got[3]!.slice(1)} ${condition}, ${verb} the ${got[1]!.trim()}.`];
  }
  const told = TOLD.exec(written.trim().replace(/\.$/, ''));
  // ("I want to be told right away when ...": a wish, which the story's wishes read, with what follows it.)
  const wished = told && TOLD_AS[told[2]!.toLowerCase()] !== undefined && /\b(?:want to be|like to be)\s+[a-z]+\s/i.test(told[0]);
  if (told && !wished) {
    const said = told[2]!.toLowerCase();
    const verb = TOLD_AS[said] ?? said.replace(/ied$/, 'y').replace(/ed$/, '').replace(/^pag$/, 'page').replace(/^phon$/, 'phone');
    return [`${verb[0]!.toUpperCase()}${verb.slice(1)} the ${told[1]!.trim()} ${told[3]!.replace(/\bmy\b/gi, 'their')}.`];
  }
  const timed = TIME_TO_ACT.exec(written.trim().replace(/\.$/, ''));
  if (timed) {
    const rest = timed[3]!.replace(/\bif\s+i\s+(?:haven't|have not)\s+done\s+(?:either|both|it|that)\b/gi, 'if they have done neither').replace(/\bI\b/g, 'they').replace(/\bmy\b/gi, 'their');
    return [`${timed[2]![0]!.toUpperCase()}${timed[2]!.slice(1)}, the ${timed[1]!.trim()} has ${rest}.`];
  }
  written = written.replace(CIRCUMSTANCE_THEN_WISH, '$1, $2');
  // ("As the studio owner (the admin), I can do everything": the parenthesis names the role, the administrator.)
  const sentence = written.replace(ROLE_ASIDE, (_m, role: string, aside: string) => (/^(?:the\s+|an?\s+)?(?:admin|administrator)s?$/i.test(aside.trim()) ? 'As the admin' : role));
  const m = STORY.exec(sentence.trim().replace(REASON, ''));
  if (!m) {
    const self = selfRole(sentence);
    return [self ?? laterWish(sentence) ?? sentence];
  }
  const [first, ...more] = m[3]!.split(AGAIN);
  // ("I only see the surveys assigned to me, and I can update them": them, the surveys, said in the first part.)
  const named = /\b(?:the|their|all|any|all the)\s+((?:[a-z]+\s+)?[a-z]+s)\b/i.exec(first!)?.[1];
  const them = (rest: string) => (named ? rest.replace(/^((?:[a-z]+\s+)?[a-z]+(?:\s+(?:and|or)\s+[a-z]+)?)\s+(?:them|those)\b/i, `$1 the ${named}`) : rest);
  return [storyAsStatement(sentence.trim().replace(REASON, '').replace(m[3]!, first!)), ...more.map((rest) => `${pluralRole(m[1]!)} can ${them(rest).replace(/\bmy\b/gi, 'their').replace(/\bme\b/gi, 'them')}`)];
}

export function storyAsStatement(sentence: string): string {
  const m = STORY.exec(sentence.trim());
  if (!m) return sentence;
  // "As a student, after a lesson I want to leave a review for it": the circumstance goes last.
  const rest = `${m[3]!}${m[2] ? ` ${m[2]}` : ''}`
    .replace(REASON, '')
    .replace(/\s+for (?:it|them)\b/gi, '')
    // ("I need to be able to report a problem": they can.)
    .replace(/^(?:be\s+able\s+to|be\s+allowed\s+to)\s+/i, '')
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
    // ("if the fee still isn't paid, the system should send them a reminder": send it.)
    .replace(/\bthe (?:system|app|platform|site|website|software)\s+(?:should|must|will|needs to|has to|ought to)\s+(?=[a-z])/gi, '')
    // ("I'm responsible for the vehicles register": they manage it.)
    .replace(/^responsible for\s+/i, 'manage ');
  // "As the director, when a production starts running, I want the schedule published": a workflow.
  // ("after a lesson", with no verb, is only when the user acts.)
  // ("after I upload a mix, the system to wait ...": someone uploads one, then what the system does.)
  if (m[2] && /^(?:when|whenever|once|if|after|before|as soon as|each time|every time)\b/i.test(m[2]) && tagTerms(m[2]).slice(1).some((t) => t.tags.has('Verb'))) {
    // ("if I haven't confirmed or declined a booking within 48 hours": nobody has.)
    const when = m[2].replace(/\b(?:I|we)\s+(?:haven't|have not|haven’t)\s+/i, 'nobody has ').replace(/\b(?:I|we)\s+([a-z]+)\b/, (_w, verb: string) => `someone ${/(?:s|sh|ch|x|z|o)$/i.test(verb) ? `${verb}es` : `${verb}s`}`);
    // ("As the swarm coordinator, if a swarm report is still open 2 days after it was made, I want to get an email": email them.)
    const told = /^(?:get|receive|be sent)\s+(?:an?\s+)?(?:email|e-mail|text|reminder|notification|alert|message)\b(.*)$/i.exec(m[3]!.trim().replace(/[.]$/, ''));
    if (told) return `${when}, email the ${storyRole(m[1]!)}${told[1]!.replace(/\bme\b/gi, 'them')}`;
    return `${when}, ${systemDoes(m[3]!)}`;
  }
  // "As a driver whose application is granted, I want my badge printed": when it is, the act.
  const whose = /\bwhose\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|gets|get|has been|have been)\s+([a-z]+)$/i.exec(m[1]!.trim());
  const act = whose ? doneAsAction(rest) : undefined;
  if (whose && act) return `When ${/^[aeiou]/i.test(whose[1]!) ? 'an' : 'a'} ${whose[1]} is ${whose[2]}, ${act}`;
  // ("As the secretary, I want to be told when ...": the message goes to the secretary, whose story it is.)
  const role = storyRole(m[1]!);
  const wish = wishAsWorkflow(rest, role)?.replace(/\bnotify them\b/, `notify the ${role}`);
  // ("I have read-only access to rides": they have it.)
  if (wish) return wish;
  // ("As the swarm coordinator, I want members of the public to report a swarm without logging in, giving ...": a right of theirs.)
  // ("I want galleries to expire 60 days after they're marked ready": that long after, they are so.)
  const lapse = /^(?:the\s+|all\s+|our\s+)?([a-z]+?)s\s+to\s+(expire|close|lock|lapse|be\s+archived|be\s+closed|be\s+locked|be\s+deleted|be\s+hidden)\s+((?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|thirty|sixty|ninety)\s+(?:hours?|days?|weeks?|months?|years?))\s+after\s+(?:they['’]re|they\s+are|they\s+get|they['’]ve\s+been|they\s+have\s+been)\s+(?:marked\s+(?:as\s+)?)?([a-z]+)$/i.exec(rest.trim().replace(/[.]$/, ''));
  if (lapse) return `${lapse[3]![0]!.toUpperCase()}${lapse[3]!.slice(1)} after ${/^[aeiou]/i.test(lapse[1]!) ? 'an' : 'a'} ${singular(`${lapse[1]}s`)} is ${lapse[4]}, mark it as ${participle(lapse[2]!.replace(/^be\s+/i, '').replace(/ed$/, ''))}`;
  const others = OTHERS_TO_ACT.exec(rest);
  if (others) return `${others[1]![0]!.toUpperCase()}${others[1]!.slice(1)} can ${others[2]!}`;
  return (/^(?:have|has)\s/i.test(rest) ? `${pluralRole(m[1]!)} ${rest}` : `${pluralRole(m[1]!)} can ${rest}`);
}


