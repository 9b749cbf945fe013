/**
 * English words that are within the normaliser's edit distance of a known word (lexicon.ts)
 * but are words themselves (`theme` is not `them`, `suite` not `site`): never corrected.
 * Generated, not written: every word of 4+ letters of the MIT-licensed `word-list` npm package
 * (v2) for which correction(word, false) (correct.ts) finds a correction. Regenerate when the
 * lexicon changes:
 *   npm i --prefix /tmp/wl word-list@2 && npx tsx -e "import {readFileSync} from 'node:fs';
 *   import {correction} from './lambdas/core/spec/author/wording/correct';
 *   console.log(readFileSync('/tmp/wl/node_modules/word-list/words.txt','utf8').split('\\n')
 *   .filter((w) => /^[a-z]{4,}$/.test(w) && correction(w, false)).join(' '))"
 * and wrap the output into the list below.
 */
const WORDS = `
abamperes abording abortion absolute absoluter absolutes absolutest absolutory abstention abstractor abstrict
abstricts abut acceding accending accented accenting acceptee acceptees acclivity accoasting accolading accommodating
accommodational accommodative accommodator accomptant accompted accompting accoraging accordant accordion accordions
accosted accountancy accourting accourts accoutring accoying accreted accruing accursing acer acers aces achiever
achievers acierage acquiral acquiree acquirer acquirers acquites acridity acta actin actinally actinon actinons
activism activist activists acton actuality adamance adaption adaptions addend additions addled addressee addressor
addy ademption adit adjudgment adjustmental adjustor administrate administrated administrates administration adnation
adoptious adoptive adoration adsorption adust advancer advancers adward affoord affoords afforced ager agin agio agog
agon agrege aground ague ahed airbound airthing alar alarum alays algidity alignment allergen allergic allergin
alliance allotted allowable ally aloe alow alum amassing amberies amin amperage amperages ampere ampliation anima
animalic annal announcer announcers annoyance annul annularly anodally anointment anther antibody anticity antimale
anyon apartmental apparency apparent apparents appartement appealer appeaser appended appley applicative applicator
apprised appriser apprized apprizer approvable approvably approximate approximated approximates aprication archival
archrival areached areae areal arear areca areg arena arepa aret arew argent aril arle aromatic aromatically
arraignment arranger arrangers arrhizal arriver arrivers arse arvicole ascendance ascended asperges asperses aspersor
assailable assent assentor assert assertor assessed assesses assieged assistance assisted assisting assistor asthmatic
asthmatically astrally asway atchieve atchieved atchieves attacked attacker attackmen attained attainment attasked
attemper attendancies attendancy attendant attendants attentional attentive attenuation attested attracted attrition
attuition auction auctions auguste autocratic autocratically autogamic autolytic automagic automagically automata
automate automated automates automating automation automatise automatism automatist automatize automaton automats
autoptic autoptically availably avoidable awny axiomatic axiomatically ayre bach bade bait bake balancer balancers
bald balker balletic balleting ballings banak bankerly barb bare barf bark barker barm barn barp basen baseness baser
basinets basse bassness baste bath baud baur bawd bawr beak beaker bear beast beautify becasses beerage beerages
begetter begilding beguin believer believers belive bellow bellying belon belons beloving beltings bene benedict
benefact benefice berceuse bertha berthe besat beset besetter besing besit besot besti betatter beth beting bets
bettongs bhut biatch biga bigg biling billions billowing billy biltongs bingling bint bioclean biog biograph
biographed biographee biographer biographic biographs birlings birsling birthdom birthname birthrate birthrates bist
bite bito bitt black blad blase blest blinding blit bloat bloc blocky bloody blook blooming blooping blow boart boast
bobol bock boinking boked boking boko bolo boniness bonkings boodling boody boodying booed boogying booing bookend
bookends booky boomings boomkins boosting booth boozings bord boring boskiness bosks bosoming bossiness bossy bota
botch bothy botte bottler bottlers bottomry bouns bousy bout bowat boxiness boxy boyard brach brack brailling brak
bran branchia branchy brandy brank braunch breadroom bready bred brie brill brin brisling brit brith broke brokings
brooding brook brooked brooking brool brooming broth brut buat buddling budge bugginess buisting bulginess bulkiness
bullering bulleted bulleting bulletrie bullings bumpiness bundling bunt buoy burliness bury busby bushiness bushless
bushy businessy busky bust bustiness busty busyness bute butt cabre cadre caducity caese cageling caird cakey calamity
calcarate calceate calceolate calculable calcular calculary calculative calculator calculose calendal calender
calenders calendrer calendry calla calvering calyculate cambering cameoing campagna campagne campling canalled
cancelation cancelations canceleer cancelier cancellarian cancellated canceller cancellers canceration cancered
candidacy candidal candidas candidature candider cane cang cankering cann cannel cannulate canopies cant cantering
cantillation canulate cany capacitor capering capita capitani capitano capitans capitate capitayn capitols capitula
capsidal capsizal capsulate capturing caragana caravance carb cardi cardy careener caresser caret carex cark carl
carle carp carrects cart carte carve caseated caste castellation cataloged cataloger catalogic catalogise catalogize
catalogs cataloguer cataloguers cataloguise cataloguize catcalled catching categorial categorise categorised
categorises categorist categorists categorize categorized categorizes catenaries catenary caterans cauliculate causae
causen causer causey caveated caveator caverning cayuse cease ceinture celosias cementer cens censurer cent centare
centares centas centiare centigram centigramme centigrams centiliters centilitres centimeter centimetre centimetric
centner centners centos centries centrode cerate cerated ceratin ceratins cerement certainty chace chacking chai
chaine chainman chainmen chairmen chairwoman chaldron champaign champaigns champier chancer chancers chancery chancey
chancier chancre chancres chandelled chang changer changers changeup channers chantage chanters chap chapiter
chapiters chapleted chappier chapteral chaptrel char charactery characts chard charger chargers chariots charnels
charry chartering charters chase chastity chattering chatters chattery chattier chaunce chaunced chaunces chaunge
chaunged chaunges chauntry cheapo cheapy cheating checkbook checkered checkoff checkrein checkrow checksum checky
chedites cheeking cheering chelated chelator chemicked chemisorb chemists chiacked chid chief chield childbed childe
chin chocking chode choicer choicest choirman choirmen chook chooser choosers choosey choosier chopines chose choultry
chounter chounters chousing chucking chuckled chunnels chunters churchy chyacked chymistry circulate citigrade
clackbox clanging clanking clash clasps classical classico classier classific classify classily classism classist
classy clastics clasts clattering clause clavering clavulate cleanest cleanlier cleansed cleanser cleansers cleanses
cleansing cleansings clearings clearwing cleating cleavers cleaving cleavings cleeking cleeping clefting clemming
clerking cliental clinical clint cloaking clod closer closet closeted closured cloudier clour clover clowning cloyment
cloyments coachy coalition coast coatrack coch cochairman cocreate cocreated cocreator coculture codec coden coder
codex codirect codriver coed coerected coerects coffered cognition coherence cohering coincidence coinfect coinherence
coinsurer cointers coinvent coinvents coleader coleading coled collaged collagen collages collated collation
collective colleger collegers collegia collet colleted collider collocated collocation colory coloury columnal
columnar columnea comae combe comer comet commands commences commends commentors commercing commeres commissional
committal committed committer committers commixtion commo commodity commoney communality communes communing communion
communise communism communist communists communize compacted compadre compadres compages compands comparer comparers
comparts compassion compeared compears compeered compelled compends comperes compete competed competitive competitor
compiles compital complacent complain complainant complained complainer complains complaisant compleat complected
complects completive complexed compliant complice complied complies complins complots complotted complying comported
composition composted compotation comprint compulsatory compulsorily computation computed comte concealed conceals
conceder concedes concentrating concentrative concentrator concents concentus concertos concerts conciser concision
concords concrews condemns condensation conditional conducer conduction confected confection conferee conferencier
conferred conferrence conferrences confidante confidencies confidency confident confidents confider confiders confides
confined confiner confirmand confirmee confirmees confixed conformed conformer conforms confuter congaing congests
coniform conjected conjurer connation connection connector conniption connivence conniver consentient consents
conservation consigner conspirer constants constrain constrict constrictor construct constructor consular consulta
consultancy consultas consulter consulting consume consumed consumes consumpt contactee contactor contactors contadina
contadine contadini contadino contagia contagion contecks contempt contempts contendent contends contentation contests
contexts conticent continence continent continents continua continual continuate continuer continuers continuo
continuos continuum contorts contraction contracture contradict contradictor contralti contraltos contrary contrast
contrasts contrasty contrat contrate contributary contribute contributed contributes contributing contributive
contributory contrist controle controul controuls contunds convected convection convenes convenience conveniency
convening convents convergence convergent conversational conversative conversazione conversazioni conversion
conviction convince convulsant cooky cooperate coordinate coordinated coordinates coordination coost copay copering
copes copiers copihues coppices coppies coppy copsiest copsy coquetry corelate corelated coronate corotate corporal
corporale corporales corporals corporas corporases corporatise corporative corporatize corporator correction corrector
corse corsleted cose cosed coset costa coste cots cottering coude coulters councilor counteract countess countian
counties countrol countrols coupe coupler couplers couplet cour coure coures courie cours courser courtier courtiers
courtlier cousinry couter couthier couturier cove covert cowering cowpies cowriter crake cran crare crash crate crated
cratering craterings creaking creaming creasing creasote creasoted creatine creation creative creditors cremate
cremated cremator cremators crematory crenate crenated crepitus crewmate crinated criterial criterion criterium
croceate crome crook croppies crost croup croupier croupon croupons crudites cubature cuitering cultural cultuses
cuneated cunt curch curetted currants curse curt curtains curvated custodes custodier custodies customary customiser
customisers customizer customizers cyan cycler czar daes daft dairy damager damagers damnation databank databuses
datal dateline dater daters dauring davy deadlier deadlift deadliness deaerate dealt deamination dearling debarment
decal decaling deceived decemvir decenter decerned decession decibels decider deciders deciduae decidual decillion
decimalise decimalism decimalist decimates decisional decisive declaimed declared declawed declinate declination
decreers decreets decrials decryption decumans decumbent decurion decursion dedal defatting defecate defector deferent
definite definitively defouling degrades degrease degreases degree deice deicidal deicide deicides deid deign
delectate delegable delegacy delegatee delegator deletive delibate delicate delusion delver demission demotist
demuring denature dentation dentistry denturist departee departement departements departer departers departmental
depasture depastured depastures depicture deplaned deplete depleted depleter depletes deportment deportments deposing
depositor depriving depuration deration derations deriding derision derisions deriver deriving derogate desalination
desalting describer describers descried descrier descries descriptive descriptor descrive descrived descrives
designation designee desilver desilvered desistance desorption despatch destains destinating destined destitution
destruct detained detector detentist detrains deveined develope developpe deviance devisals devoice devoiced devoices
diagenesis diagnose diagnosed diagnoses diagnosing diagnostic diagnostics dido didy died dietarily differed difference
differency differentia differing diffident diffluent digestor diner direction directory disbound disciple disciplinal
discipliner discipliners discipling discoing discoure dishy disjoint dismount dismounts dispathy dispence displace
displant dissector distaste distinction distract distracts distraint distrait distrust diver diversion diving
divisional divisive divulsion doctoral documental doeks doen doest doge dogy doles dollar dollared dollarise dolliers
dolor domes domination donating donatism donative donee doner dong donne donor doorn dopes dores dorising dorizing
dorp dose doses dotation dotations dotes doubler doublers doublet doublets doublure doves dovetail dovetails downa
downland downy dozes drafty dragline drailing draining drat dray drays dribbing drier drifting drilling drinking
dripping drive driveler driveling droiling drone droop dropt drovings drown ducatoon duce dude duel duet duettist duke
dule dullards dune dupe durational durative dure durning dynatron earl easement eclectic economic edict educating
educational educative educator eduction eductions eery eeven eevn eevning eevnings effectible effector ejective
elective electivity electret electrical electrician electrify electrise electrize electron electronic electros
electrum elemental elenctic eleventh elopement elver embail emending emergence emergences emergent emergently
emergents emication emiction eminence emplonge empolder emulation encharge endurance energise engender engendering
enginer enginers enginery enquired enquirer enquires enrough enroughs ensample entera entrants entrench environmental
episcope episodal episodic episomes epispore epistome epulation epuration equation equipotent erective eros eructation
erudition erven especial estimable estimative estimator estivate estivated estivates estrange eternal eternals
eternise ether euro evacuation evacuations evagation evaluating evaluative evaluator evensong eventings evermore evert
everymen evet eviction evidents evincing eviternal evocation evolution exaltation examplar excelled excellence
excellency excelling exceptor excerpt excerpta excerpts excessive exchanger exchangers exclamation executed exemples
exerciser exercisers exergies exertive exhibiting exhibitive exhibitor exigence exilement exorcise exorcised exorciser
exorcises exorcism exorcist exorcize expanses expansile expansive expedience expediences expediency expedited
expellant expelled expellent expellents expender experiencer experiencers experted expertise expiated explanative
explantation explantations explication exploder exploration explorer explosive expressive expugnation expulsive
expuncted exsected exserted extensile extensive externat externats externes extremal exudation facilely facticity
factor factored faine faineance fainness faintings faintish faintness fair fairness faix falser falsie famished
fanlight fannings farce fardings farl farle faro farse fart fasti fastness fatality fats faur fayre fear feare feast
feces feeb feebs feedbags feedings feeds feen feens feer feers feese feme femes fencings feres festively fetes
feudings fezes fiance fiar fidge fieldings fiendish fight figurate figurer figurers figurine filature filer filet
fillings fillo filly finale fineish fineness finer finessed finfish finfishes finial finialed finings finis firmness
firrings firs firstness fishings fist fistical fistnote fittings fixature fixt fizzings flare flariest flat flatness
flavorist flection flee flees fleet flew flighty flix floaty flood flooders floridest floriest floristic floristry
flors floruits flota flounder flounders flouriest flourish foamily foldback foldings followup fonder fondlings font
foody footrope footsore footy fora foram forb fore foremast foreward forewards forewarn foreword foreyard fork formant
formants formate forme formiate fort forum forwarned forwarns forweary foulders foundings four fraction fracture frae
fragility freer frequence frequences frequent frequently frequents frere friction fried friendings frill frist frit
froward frowards fruict fruity fully functional funder fundings furcation furnished futility gade galleria galley gals
gams gaols gardenia geit gelt genera generalate generalcy generalia generants generative generator generical gent gert
geta ging given giver gladiate glassy glift goal goas gong goody goold gorals goring governmental grad gradate
gradated gradates grader graduals graduand graduator grama gramas grame gramp gramps grande granulate grat gratulate
grift grillery groupy guaranies guarantied guaranties guarantor guaranty gude gues guid guider gust hade hadj haes
hags hahs halfa halve hams handlebar handlike handover handy haole haos haps hardbake hardcase hardcore hardface
hardline hardwire hardwired hardwires hardy hared hash hask hasp hast hating hats haud haven haver haws hays headings
headland headlike headliner headliners headlong headpins headship headwind heady heald healings healthy hear heare
hearings hearsing hearting heartling heath heatspot heave heavings hechting hectorers heddling heighten heighth
heighths heir heisting hektares hell helo helpline hematine hematins hemic heptanes herb herdlike herl herm hern hero
herse herstory hery herye heting hexad hies hins hips hish hisn hist historic historify hits hoard hoas hoast hoasting
hoer hoist holdover holey hollidam holydays homemade homeplace homer homeware homey homie homme hoper horme hors horst
hose hospitable hospitably hospitage hospitale hospitia hosta hostel hote hots houri houris housel houser housey howe
howf howk howl howsoever hoyle huer huis humanises humanizes humidities humilities hyperfine iches ideal ideality
identify idleness idoneity illuding imager imagers imagines imagoes immediate importance importancy importune impot
impotent improper improv improver improvers improvise inarches inceding incensory inchases incidence incidental
incipient incitant inclined inclining inclosed inclosing incomer incomers incusing indentor indentors independence
independency indicial indigent individua individuate individuum inertest inertial infector infeftment infernal
inflector informatics informational informative infuriation infusory ingredient inimical initiate injector inscient
insider insiders inspected inspection inspectoral inspects instance instruct instructed instructing instruction
instructional instructs insurable insurancer insurancers insurant insurants insurgence integral intender intenser
intensest interbed interdeal interess interesse intergrew interknit interknot interlap interlay intermale intermesh
interne interned internee internees internes internment internodal interpret interrail interred interrenal interrex
intertie interties interunit interval intervale intervals intervein interviewee interwar interweb interzonal intranet
intro intruded intruding inturned inventer inventers inventor inventors invertor invertors investor investors ironside
issuance issuer itas janisary janizary jeune jobe joint joust judger justificative justificator juts kelep kilo
kilogrammes kilogray kilograys kiloliters kilolitres kilometer kilometre kilometric kilorads kinda kindergartner kindy
kissogram kissograms kitchenet kitsches knitches knockoff knot knouts knowe known kreep kryometers kymogram kymograms
lactation lader laer lamiters lance landboard lande landform landlers landward langrage langrages lare largen larger
lassitude lastings laten latex lathe latke lats latte latter lavation lave lawer laxation layer leachers leachier
leadier leal leas leathern leathery leats leaven leaver lecturer lecturers lecturns leet lefte lefty legation leisters
lengthen lengthy lent lept leses lests lettern letterns lettre lewisson libating libation liberatory libraire licencee
licencer licencers licensee licenser licensers licensor licensure lichenose lichting lief lien lier liers lieve
lifelike lifeline lifer lifesome lifter lifters ligating ligation lighters lighting ligne liken liker limation
lincture linen liner liney linky linter linters lire lispings listening literals literary literose lither liting lits
litter litters littler littlest littlie littlies liven liver livre loast loathers lobation lobations loca locale
locating locational locative loculation locution locutions loess loesses loft logan loge logion logoi logon logy lohan
loin loiter loiters longa longe loot loran lorication loses lossiest lossless lost lota lote loth loti loto lout lowan
lowe lown lowp lucences luctation luggable lunation lustring luxation lymiters macerator machinate machinery madge
madre magister maile mailes mainliner maintain maintained maintains maker malarial managemental mandatary mandator
mandatorily mandators manducatory mange manger mangy mani manky manly manorial manty manufactural manufacture
manufactured manufactures manul maraging marc margarin margarine margenting marginal marka marketise marketising
marketize marketizing marveling marvering mary massaged massages materiel materiels maternal math matin maty mavin
maya mayo mazarine mazy mealy meane meant measurer measurers mechanical mechanise mechanism mechanist mechanize medal
medcinal medial medicable medicably medicaid medicide medicides mediciner mediciners medieval meeter meeters meins
meisters mela melter melters meltings meniscal mentation mento mere meres meriting mesal messmate messuage messuages
mester mesters metal metamers metayers meteor meteors methanoic metho methodic meticals metier metiers meting metrical
miens mighty milage mileometers miler milers millages mille milles milliliter millilitre millimeter millimetre
milometers mils mimester minas minatory minds mines minettes mings miniated minimism minis minished minishes
ministeria ministry minium minks minos minster mints minuet minuets minus minuter minutest minutiae miscuing misdoing
mises misgoing misinter mislying mismakes misos missa missaying misseeing missional misstate missy mistaken mistaker
mistakers mistings mistling mistrace mists misunion misusage misusing mitigation moanings mobie mobilise mobilize
moble mode moder moderate moderated moderates moderation moderato moderatos moderne modulator moer moire moist
moisting momenta momento momentos momentum moneth moneths moniment monitory monkey monument mony moor moove morae
morel morlings morne morphing morse mortgagee mortgager mortgagers mortgagor mortling mortsafe moste moth moths
motivating motivational motivative motivator motorial motory mots mouch mounding mountenance mounting mourning
mournings moussing mouthily movement mover mucho muist muisting mulch multimeters munch munition muset musick musit
musth musty mutch mutilation muts naething namer namers nams nazification necessaire necessarily necessity needy neeld
neighbor neighbors nerver neve newsy newt newts nicer niche nidification niece nigh nighty nithings nitrification
nonce nonet nonmember norma normalcy normality northing northings nota notating notching notchings noticer noticers
nott nounally nout nowl nown nowy numeracy numerical nurs nurser nursle objector objet obsecrations observation
observational observators occasional occlusion occulted occupied occurrent officer officers offie offy olde oldy olid
oncer oncet onie onlay onliner onliners operatic operatics operating operational operatise operative operatize
operator opportunely opportunism opportunist opportunists organdie organical organisational organise organised
organises organisms organists organity organizational organize organized organizes orgasmic orgastic originate
orogenic ould ounce ourn oust outchide outguide outher outrider outrides outshine outsider outsiders outsized outsizes
outsmile outstride ovational overaction overblew overdrew overflew overgrew overlier overlies overt overveil ower pace
packable packager packagers packings pacy padi pager pagle painters paintier painture paintures palace paliform paly
pamper pandying pangs panning pannings pantagraph pape papery papulation papulations parading paragrams paragraphia
paragraphic parawing parbaking parcener parching pardners pardoner parentage parental parge pargings paring parity
parkin paroling parpent parpents parrying parsings partaker partaking parti participate partiers partings partures
pases passable passager passe passible passibly passment pasta paste pasterns pastiest pastures pasty patent patience
pats patten patter pattered patterer pattering patulent pauper pavement pavid peage pear pearcing pearling peart pease
peatiest peculation peddling peenging peer pening pensione peopler peoplers percaline perceant percen percentile
percepts percussion pere performable peri periblem periodic periodid peripter perk perm permanence permanency permeant
permissive pern peroneal peroxide perp perpents personable personably personae personage personalia personalty
personas personate personnel pert pertinent perv perviate petition petrogram phage phanging pharming phon phoner
phoney phot photog photogs photon photons photopsy photoset phots phut physic physician physicism physicist physis
pice picky picogram picturals picturises picturize picturizes pier pilot pindling pings pints placer placet plage
plaguing plaice plaid plaiding plain plaining plainings plaiting planching plane planform planforms plank planking
plankings plant planting plantings plantling plapping plashing plast platiest platters platting play playgoer playwear
pleading pleas pleaser pleasers pleaseth plication plicature plicatures plinking ploat plonging plonking plotz
plunging plunking plyer pockiest poinding pointe pointels pointier pointy pollicy pollster polt ponds pone pongs pont
ponts popsicle popster popsters populating populational porkling portlast portrays portress poseable poser posit
positifs positing positional positive positon positons positron positrons possibler possiblest possibly postern
posterns postform postilion postulation posturer postures potation potentiary potentiate potentilla potentise
potentize pots pound poundals pounders pounding pourtraict pout pownding practic practical practicer practicers
practick practicks practics practicum practique practise practised practiser practises practive prancing pranging prat
praty prawning pray preassure preassured preassures precedent precent precents precession precessional prediction
prefiled prefiles premotion premotions prenotion prent prentice prenting preparer preparers prepaste prepaved prepaves
preplace prepress prescient prescindent prescore prescriptive presentational presentative preservation presided
presidency presiders presides presiding pressers pressors pressrun pressurise pressurize prestation prestore
prestriction pricer pricey prick primally primarily primates prince princess prinkers printery priories privater
privatest privatise privative privatize proactive probation procedural proceeds procerity procession processional
processionals processions processor procident produced producer produces productile productional productive professing
professor profiler profilers profusion proggers prograde programme progression progressional projection projector
projet prolation promiser promoting promotional promotive promotor pronation pronotal prooemium propenal propension
properer properly proportion proposable proposed proposer proposes proration proscription proscriptions prosomal
prosperity prost protection protector proteide protension provection provedor provedore provender providor providors
province provisor provoker pubic publican puer pultures puncture punctures pungs punition punt purchaser purchasers
purplish purtraid putt putz pyruvate quainter quantics quantify quantile quanting quantise quantize quarer quarrier
quarte quartern quartets quartett quartier quartiers quartzes quartzier questing questionee quicky quiet quinte quit
quoter rafting raftings raiting rally ranke ranting rantings ratching ratel ration rational rationalise rationalize
rationally rationals ratling ratlings rato ratting rattings rattling raun reaccent reaching reacquired reactive
readorning rearming rearward reascent reassume reast reate reavowing rebadging reboarding reboring reburied recalling
recaning recaption recaptions recaution recceing reccying receiptor recement recensed recension recentre recept
receptor recessed recession recessive recipience recipiency recircling recision recisions reckling reckoning reclined
recliner recoating recoding recoiled recoiler recoined recoining recombed recombing recommence recommenced reconning
recooking recopying recordist recorked recorking recouping recoured recouring recourse recoursing recreant recreation
recreationist recrement rectally recuiling reculing recuring recurred recurring recursing recurved recurving
recusation recyclist reddings reddling redeliver redemption reding redivision redtail redtails reedings reedling
reembarks reest reexport refacing refection referencer referencers referenda referents referred referrer refilter
refinement reflation refluence refolding reforging reformer reforming refound refounds refreeze refusion refutation
regaling regally regather regelation regelations regental regifted regiment regional regisseur registrar
registrational registry regorging regrading regrater regula regulate regulating regulative rehearse reimport
reimporter reindeer reinfund reinstal reist rejection rejectionist rejoinder relace relacing relanding relation
relaxing relaying releasee releaser releasers releasor relegate relieved relisted relucent remainder remainders
remained remaking remanded remanding remark remarked remarker remarkers remarket remarkets remaster remeading remeding
remeided remended remission remolding remoter remotest remover removers renal renaming renaying renitent renounce
rentable rente renumber reobserve repartee repaving repaying repeater repenter reperepe repinement replacer replacers
replated replates replayed reponing reposted repot repotted representation reprived reprover reputation requered
require requirer requirers requires requisitor requited requitement requitements requites requitted requoted rereading
rerecord rerecording reregister reregistration reregulation rerelease reremind rereview rereward resat resawing
resaying rescinder rescored rescoring rescript resculpt reseason reseasoning resection reseized resembler reserver
reservers reservice reset residence residency residers resilement resining resisted resistent resister resisters
resistor resit resodding resoling resorbing resorted resorter resorters resorting resowing respading respired resplice
responded responder responds responsa responser responsers responsive responsor responsum resto restrive restrove
resty resumer resumers resurvey retailor retaking retally retaping retardment retaxing retemper retention retentionist
retial retorted retorter retorters retorting retrally rets returnee returnik revelation revenged revenger revenges
revenual revenuer revenuers reverence reverenced reverencer reverences reversion reverter revie revilement revising
revisional revisits revivement revolter revuists revulsion rewaking rewarmed rewaxing reweaved rewidens rewinded
rewinder rewinders rewording rewordings reworking rezoning rheocord richt righto righty roadings roasting roate
roating roms roomy roos rotating rotund roule ruble ruin ruler rune rung runt sagy sailable salacity salience salified
salinise salinize salivary saltation saltings salutary salve sampler samplers samplery sanction sanified sapidity
sapience sars satanity satay satiable satiation satisfice satisficed satisficer satisfices satisfier satisfiers
satisfies sauch saver savey scandium scant scapement scattings sceat scedule sceduled scend scenester scent scentings
schoole schoolie scienter scission scorer scorse scran scree screenie scutation seafloor sealings seamings seamster
searings seas seasonal seatings sebesten secesher secession sechs seconals seconde secondees secondi secondo secretage
secretaire secreter secretion secretly secretor secretors secretory sect sectional sects secularity securely securing
securitan seder sediment sedition seduction sedulity seedings seek seel seelings seemings seen seep seer seething
seethings segmental segreant seignior seinings seisable seisings seizable seize seizings sekt sele selecta selectas
selectee selection selector selfhood selfings sella selle sellings semihard semilunar semina seminary seminate
semitars semitaur sempster sempsters senaries sendings sene senor sensings sente sentence senti sentries separable
separably separata separative separatively separator separatory separatum sept septation septemvir sequelae sequencer
sequencers sequencies sequency sequents sequester sere serer seres serfhood sergings serialist seriates seriemas
serines serries serve servery servicer servicers servings sese sessional sestinas sestines setlines sett settling
settlings sever severable severalty severely severies severity sext sharer sharping shave shay shea sheetings shelfier
shell shend shent sherries shetting shew shieling shiftable shifty shilling shimming shingle shingled shingler
shingles shinning shipmen shippies shippons shir shirking shirring shirty shite shitting shivving shlepping shoe shool
shoon shope shoppings shortage shorty shot shouldst shown showy shrift shrimping shrow shtupping sice sider sidhe
sidle sient sift siftings signa signatory sillabub sillabubs siltation simpler simplers simplest simplex sine sing
singable singe singlet singlets sipping sippling sitars sithe sittings situation sixte sizel sizer skatings skee skell
skepping skerries sket sketting skilly skimping skipping skippings skite skort slapping slatings slattings slave slay
slee slender slidable slide slipcase slipping slopping smee smell smeltings smite smithing smoothing smuggery snapping
sned snee snell snide snipping snippings snort snuggery soave socialist sock softcore solation solations solicity
solidity solon solutional solutive solvation sometime soothing sorage sorption sorta sortable sortation sortings
sottings southing sowthing spacer spacey spae spay speat speats specialest specialise specialised specialiser
specialises specialism specialisms specialistic speciality specialize specialty speciate speciesist specifical
specified specifier specifies specs spectral sped speedo speedy spell spend spender spenders spendier spent spet
spetting spewed spherule spide spite spittings splenial sponsion sponsons spoon sport spottings spreed springle
stacation staggard stagy stairs stallion standers stannary stanzaed stapping staragen stares staring starings starking
starks starling starning starns starring starrs startlement startups starving stasimon stat statable statelet
statesmen statin stational statistic statistical statists stats statuas statues statures statusy statutes stave
stearage stearate stearing stears steem steerage steeries steering stell stend stent stepping sterling sternage
sterning sterving stet stetting stewings stie stilly sting stinkard stippling stiring stirring stockage stocky stoep
stomp stoop stope stoppage stopt storable storaxes storer storming stormy stoup stoure stoury stowages stowp stowre
straff strafing strategic stratify stratous stratums stratus strawing stray straying streety strepent strewing
striation striature stricture strictured strictures strident striding strig striking stringy striping stripping
striving strobing stroking strop strowing stroy stroying structural studentry studenty studious stuffy stunkard sture
sturting stylistics styring suave subcostal suberect subnodal subscribe subscribed subscribes subscriptive subsects
subtidal subvocal subzonal sucre suctions sudation suent suer suet suggesting suggestive suitably suite suitings
summable summar summarily summerly summitry superate superior superport supervisal supervise supervised supervisee
supervises supervision supervisory supplely suppler supplial suppling supposer surer surfable surge surger surveyal
surveyor suspence suspense suturing swapping swaption swattings sway sweat sweatings sweats swee sweetings swell
swerver swervers swingle swingled swingles swoon swopping swottings syllabic syllabics syllabise syllabism syllable
syllables syllabub syllabubs symptom symptoses symptosis synapses synapsid synapsids synapsis syndesis synopses
synopsise synopsize synopsizes synoptic synoptics synoptist systemic tablet tack tainting taken taker taks talak tale
talky taluk tank tanks technicise technicism technicist technicize technics technologic telepheme telephoner
telephoners telephonic telephonies telephony telephoto telethon telethons telly temperamental temperative templars
templets temporal temporally temporals temporalty temporarily tendance tendency terminer terrae terranes terrases
testa teste testimonied testimonies testy tetanical tetchier tets teuchter textphone thae thana thane thang thangkas
thatcher theater theaters theatral theatric thegn thein thema theme therme thew thewy thick thickest thicket thickets
thickety thickset thig thigs thingy thins thir thorough thoroughs thought thoughts thraiping three ticky ties tile
timer timers ting tink tinplate tite titler tittle titule toady toco tody toeplate toggler togglers toho toko tomo
took tool toom toon toot tope toph topi toro tose tough towny toyo tracting trafficky traiking trail trailers trailing
trainees trainmen traipsing tramming tramping trancier trancing transacting transactional transactor transcribe
transcriptional transcriptive transduction transection transections transfard transfect transfection transferal
transferee transferor transfix transfuser transire transition translation transmew transpire transportal transportee
transpose tranting trapping trashing trave travelog trawling trayning treacher treachers treachery tremulate trencher
trest triaging tribal trick tricklet triff trinal trining trop troubler troublers trough troule troutlet truce truer
turlough typey tyraning tyranning unciform unciforms uncoping unde undear underhand undern undersaid underspend
understate understated understood undertane undoer unfit unform unguiform uniquer uniquest unite unity universality
unlighted unlisted unlit untile unusually unvisited unwit upclosing upcoiling updarted updater updaters urent ursiform
usher vacating vaccinal vaccinas vaccinate vaccinates vaccinator vaccinee vaccinia vacuation vacuations vaginated vale
vallation valuation valuer vantaged vantages variation vaticinated vauntage veery vegetation venation vendue ventages
venule verbified verbifies verified verifies verities vernicle verry versicle versified versifier versifiers versifies
versin versional vesicles vexation vide viewy vilifier vinew vintager vintagers visitator visite vitiator vivifier
vocalion vocation vocations volet volets vols volta volte volti volumeter volumise volumize vouchees wabs waddings
waddling waddying wads wady waes wager wags waift wains wais waist waite waly wans wanty wany waps wardings warehous
warehouser warehousers warhorse warrands warraned warrant warranted warrantee warranter warrantor warrants wars wary
wase wash washhouse wasp wast watchout wavy waws waxy weakened weddering wedeling wedgings weedings weeke weigh
weighty welcomer welcomers weldings wellsite welly wemb wether whata wheare wheat wheatier whee wheen wherve whetters
whey whidding whinnier whins whio whiteout whithers whoa wholesaler wholesalers wholesome whom whop whorehouse whot
whow wich widdling wielding wight wile willy winds wines wings winks winnower winns winos witch witching wite withe
withouten withwind withy wold woolding wordy workhouse workings workplace worksafe workwear world worldling worrying
worsting worthing wounding wreather writ writer writhe writhing ybet yeards yearn yearns yeld yelt yens yeps yesk yeti
yett yews youk yourn yourt
`;

export const PROTECTED_WORDS: ReadonlySet<string> = new Set(WORDS.trim().split(/\s+/));
