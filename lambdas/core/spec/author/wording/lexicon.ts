/**
 * The words the informal-writing normaliser knows, as data: abbreviations and text-speak with
 * what they stand for, and the everyday and business words a near-miss is corrected to (a word
 * found here, or a simple inflection of one, is never changed). The field-type wording of
 * fields/field-words.ts is part of the lexicon too, so a typo of `address` or `price` is fixed.
 * Words are written as running text, several to a line, to keep the list short to read.
 */
import { FIELD_WORDS } from '../fields/field-words';

/** Whole tokens (lower case) -> what they stand for. */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  pic: 'picture', pics: 'pictures', pix: 'pictures', doc: 'document', docs: 'documents', ppl: 'people', 'w/': 'with',
  'w/o': 'without', n: 'and', r: 'are', u: 'you', ur: 'your', '&': 'and', qty: 'quantity', msg: 'message', msgs: 'messages', txt: 'text',
  info: 'information', desc: 'description', 'no.': 'number', every1: 'everyone', any1: 'anyone', some1: 'someone',
  no1: 'no one', pls: 'please', plz: 'please', thx: 'thanks', thanks: 'thanks', b4: 'before', bc: 'because', cuz: 'because',
  coz: 'because', tho: 'though', thru: 'through', nite: 'night', tonite: 'tonight', hrs: 'hours', hr: 'hour', mins: 'minutes',
  biz: 'business', appt: 'appointment', appts: 'appointments', approx: 'approximately', asap: 'as soon as possible',
  yr: 'year', yrs: 'years', wk: 'week', wks: 'weeks', mo: 'month', mos: 'months', amt: 'amount', addr: 'address',
  tel: 'telephone', ph: 'phone', num: 'number', nums: 'numbers', mgr: 'manager', mgmt: 'management', dept: 'department',
  // Contractions typed without their apostrophe ("if a rental isnt picked up").
  isnt: 'is not', arent: 'are not', doesnt: 'does not', dont: 'do not', didnt: 'did not', wasnt: 'was not', werent: 'were not',
  hasnt: 'has not', havent: 'have not', cant: 'cannot', shouldnt: 'should not', wouldnt: 'would not', couldnt: 'could not',
  ya: 'you', gonna: 'going to', wanna: 'want to', gotta: 'have to', ok: 'ok', okay: 'okay', 'w/out': 'without',
  // ("wich machine (reqd)", "whats wrong": quick notes.)
  wich: 'which', whats: "what's", thats: "that's", reqd: 'required', elses: "else's",
  // ("corp accounts", "must obv", "no dupes", "me n the missus": more text-speak.)
  corp: 'corporate', obv: 'obviously', obvs: 'obviously', tbh: 'to be honest', inc: 'including', incl: 'including', prob: 'probably',
  dupes: 'duplicates', dupe: 'duplicate', missus: 'wife', hubby: 'husband', reg: 'registration', regs: 'registrations',
  cust: 'customer', custs: 'customers', shud: 'should', smthing: 'something', sth: 'something', atm: 'at the moment',
  // (Shortened nouns people type for the thing itself: "each defib has a name".)
  // ("a pic of eachone": two words typed as one.)
  eachone: 'each one',
  veggie: 'vegetarian', defib: 'defibrillator', defibs: 'defibrillators', cert: 'certificate', certs: 'certificates',
};

/** Everyday and business words: the correction targets (besides the field words). */
const EVERYDAY = `
a about above accept accepted access according account accountant across act action active activity actually add added
address adjust admin administrator adopt adoption adult after afternoon again against age agency agent ago agree agreed
ahead all allow allowed almost alone along already also always am amount an and animal annual another answer any anybody
anyone anything anyway anywhere app apartment appear application apply appointment approve approved approximately april
are area around arrival arrive article as ask assign assigned assignment assistant at attach attached attend attended
attendee august author automatic automatically available away back bad baker bakery bar base basic batch be because become
been before begin being believe belong belongs below best better between big bill billing birth bit block board boat body
book booked booking boss both bottle bottom box branch bread break breakfast bring broken budget build building business
busy but buy by cabin cake calendar call can cancel cancelled cannot capacity car card care caravan case cash catalogue
category cause center centre certain chain chance change charge cheap check checked child children choice choose church
city class classic clean cleaner cleaning clear click client close closed club code coffee cold collect collected colour
color come comment company complete completed confirm confirmed contact contain content continue contract control cook
copy correct cost could count country couple course cover create created credit crop current custom customer daily
damage data date day deal december decide decline declined default delete deliver delivered delivery department deposit
describe description design detail details develop did different dinner direct director discount dish do doctor document
does dog done door double down draft driver drop due during each early easy edit effect either else email employee end
enough enter entry equipment error even evening event ever every everybody everyone everything exactly example except
expect expected expensive experience extra family far farm fast february fee feedback feel few field file fill final find
fine finish finished first fix flag floor follow food for form free friday friend from front full future garden general
get give glass go going good great group guest guide had half hand happen happy hard has have he head health hello help
her here high him his history hold holiday home hope hospital hotel hour hours house how however idea if image important
in include included including information inside instead into invoice is issue it item its january job join july june
just keep key kind kitchen know label language large last late later least leave left less let letter level license
licence life like limit line link list little live load local location lock log login logout long look lot low machine
made main make manage manager many march mark market match may me meal mean meeting member menu message might minute
miss mobile model moment monday money month monthly more morning most move much must my name near need never new news
next nice night no none normal not note nothing notice notify november now number object october of off offer office
often old on once one online only open option or order other our out outside over owner page paid paper part party pass
password past pay payment people per percent period person phone photo pick picture place plan please point policy
possible post price print private problem process product profile program project provide public purchase put quality
question quick quite rate rather read ready really reason receive received recent record regular remember remind reminder
remove rent repair report request required reservation reserve rest result return review right room round rule run
saturday save say schedule scheduled school search season second section see seem select sell send sent separate
september service session set several share she shift shop short should show side sign simple since single site size
small so some someone something sometimes soon sort space special staff start status stay still stock stop store street
student stuff subject such suitable sunday supplier support sure system table take talk task team tell tenant term test text than
thank thanks that the their them then there these they thing think this those though through thursday ticket time to
today together tomorrow too top total tour town track transfer travel true tuesday turn type under understand unique unit
until up update upload us use used user usual usually value vendor very view visit visitor wait want was watch way we
website wednesday week weekly weight welcome well were what when where whether which while who whole why will with within
without word work worker would write wrong year yes yesterday yet you your
absolutely accommodation accounting achieve acquire actual additional adjustment advance advice afford aim alarm album
allergy almost amazing anniversary announce annually apart apparently appear approval arrange arrangement assessment
asset attempt attendance attention audit available average award balance bank basket beautiful bedroom benefit beverage
billing birthday blank blood bonus bottle brand brief brochure broken bucket bulletin calculate campaign candidate capital
career carry catering ceremony certificate chairman channel character charity checkout checkin chef chemistry choose
clinic coach collection college column commercial committee common community compare competition complaint condition
conference confidence connect consider consultant consumer contact continue contractor convenient conversation corporate
council counter coupon cousin create criteria culture currency customise customize cycle damage database deadline decision
delivery dentist deposit deputy destination detail device diary dietary dinner discipline discount dispatch display
distance district division donation download driving duration economy edition editor education effective electric
electricity element emergency employer employment engineer engineering enquiry entrance environment equipment especially
estimate evaluation evidence exam excellent exchange exercise exhibition expense experience expiry export external
facility factory failure feature festival figure finance financial fitness flight florist format forward founder
frequency fresh fridge fruit function furniture gallery gender generate gift government grade graduate guarantee guest
habit handle hardware headline heating hobby holder hospital household humanities identity illness immediately import
improve incident income independent individual industry initial injury insurance interest internal internet interview
inventory investment journey judge junior kindergarten laboratory landlord laptop lawyer leader leather lecture legal
lesson library licence lifetime limited listing loan locker logo luggage luxury machine magazine maintenance management
manual manufacturer marketing material maximum measure mechanic medical medicine membership mention method minimum
minister mirror missing mission mistake modern monitor mortgage motor movie museum music neighbour network newsletter
normally notebook notification nurse occasion operation opinion opportunity option organic organisation organization
organiser organizer original owner package parcel parent parking partner passenger passport patient pattern pending
pension performance permanent permission personal pharmacy physical physics planning platform player pocket portfolio
portrait position potential practice premium prepare prescription presentation president pressure primary printer
priority procedure production profession professional profit progress promotion property proposal protect provider
publication publish purchase quarter quarterly question receipt reception receptionist recipe recommend recommendation
recycling reference refund region register registration regulation relationship release remote rental repair replace
representative request requirement research reservation resident resource response restaurant retail retirement revenue
revision reward salary sample satisfied schedule scholarship science screen screenshot seafood secretary security
segment semester seminar senior sequence series server settings shipment shipping signature skill software solution
specialist specific sponsor stadium standard statement station statistics storage strategy structure studio subscriber
subscription suggestion suitcase summary supervisor supply surgery survey suspend teacher technical technician technology
telephone template temporary tenancy terrace theatre therapy thursday tournament traffic training transaction transport
treatment trial trouble tutor uniform university unlimited upcoming urgent vacation vaccinated vaccine vegetarian vehicle
venue version veterinary video volunteer voucher warehouse warranty wedding weekend weekday welfare wholesale winner
workshop workspace yearly
calendar cancellation categories definitely necessary occurred separately successful temperament
`;

/** The correction targets and known words: everyday words and the field wording. */
export const KNOWN_WORDS: ReadonlySet<string> = new Set([...EVERYDAY.trim().split(/\s+/), ...FIELD_WORDS]);
