/**
 * Events: what the evidence says is happening outside the organization, as opportunities and threats. An event
 * is a clause whose actor is outside (customers, competitors, regulators, payers, councils, markets, a company
 * the evidence names) or whose topic is a rule or a market (a mandate, a tax, a review, a programme), and that
 * says what is changing: the future and dated changes ("will cut … next year", "comes into force in April"),
 * requests ("asked for quotes"), entries ("are opening 600 rooms nearby", "launched live tracking"), market growth
 * ("that market is growing about 20% a year") and rule changes ("now reimburse at parity").
 *
 * Its effect on the organization places it: cuts, undercutting, entries, taxes, mandates and delays are threats;
 * requests, growth, new funding and access are opportunities; an outside trend the sources do not judge takes the
 * judgement of what the organization has just been said to do on the same subject ("site diesel use fell 12%" before
 * "clients increasingly score carbon in tenders"), and otherwise is left out: an event is never guessed into a quadrant.
 *
 * What no cue of the lists reads, the grammar of the sentence's first clause may (`framedEvent`): the kind of party its
 * subject names (a rival, a buyer, a seller, an authority, a price, a neighbour, a hazard) and the kind of move its verb
 * makes place it together, unless the clause says in words of its own what the change does to the organization.
 */
import type { Dimension } from '@shared/schemas/analysis';
import type { Claim } from './claims';
import { isAdjective, isEnglishWord, type ParsedSentence, type Token } from './nlp';
import { judgeByWords, measuresIn } from './measures';
import { clauseSpans, type FigureRef, NUMBERED_HEADING, rawFigures, roleOf } from './read-claims';

/** A time that opens a clause before its actor ("From March two insurers will …", "This winter two rivals are …"). */
const TIME_OPENER = /^[\s\-•*]*(?:from|in|by|this|next|during|over|until|since|later this|early|late)\s+(?:(?:\d{1,2}|the|end of|start of|mid)\s+)?(?:(?:19|20)\d{2}|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|year|month|quarter|week|term)\b(?:\s+(?:19|20)\d{2})?,?\s*/;

/** What the organization buys from markets outside it, whose prices move: "resin prices have jumped 18%". */
const INPUT_PRICES = String.raw`(?:steel|fuel|diesel|energy|gas|electricity|oil|commodity|raw[- ]materials?|input|wholesale|feed|fertili[sz]er|timber|paper|pulp|ingredient|resin|plastics?|copper|aluminium|cocoa|coffee|wheat|grain|sugar|flour|butter|cotton|rubber|lumber|barley|malt|hops|glass|cardboard|packaging|cement|bitumen|lithium|nickel|zinc|tin|palm oil|soy|soya|maize|corn|freight|container|shipping) (?:prices?|costs?|rates?)`;
/** Funding an outside body offers: "The regional development agency offers grants of up to 40%". */
const FUNDING_OFFERED = /\b(?:offers?|offering|will pay|pays|provides?) (?:grants?|funding|subsid(?:y|ies)|match[- ]funding)\b|\b(?:grants?|funding) of up to\b/;
/** The price of what the organization buys, moving: "Shipping costs from China doubled in six weeks". */
const PRICE_MOVE = new RegExp(String.raw`\b${INPUT_PRICES}\b[^.;]{0,25}?\b(?:have |has )?(?:doubled|tripled|trebled|soared|surged|jumped|spiked|risen|rose|climbed|fallen|fell|dropped|halved)\b`);
/** The same, as a pattern of its own. */
const INPUT_PRICE = new RegExp(String.raw`\b${INPUT_PRICES}`);

/** Who acts outside the organization. */
const OUTSIDE_ACTOR =
  /\b(?:(?:local|nearby|regional|national|other|two|three|several) (?:[\w-]+ )?(?:colleges|universities|schools|hospitals|councils|employers|charities|trusts|health boards)|(?:water|energy|gas|electricity|power|telecoms?|broadband|utility) (?:company|companies|supplier|suppliers|utility|utilities|provider|providers|board|firm|firms)|utilit(?:y|ies) (?:company|companies|firms?)|(?:weaker|stronger|falling|rising) (?:pound|dollar|euro|yen|currency)|the (?:pound|dollar|euro|yen)|(?:in|into|across|within) the (?:uk|eu|us|usa|world|country|region|continent)|(?:in|across|throughout) (?:europe|asia|africa|latin america|north america|the americas|scandinavia|the nordics|the middle east)|(?:neighbouring|neighboring|nearby|competing) [a-z]+|(?:another|other) (?:trusts?|schools?|colleges?|firms?|companies|operators?|practices?|providers?|hospitals?|councils?|retailers?|stores?|banks?|clubs?)|marketplaces?|sponsors?|icbs?|ccgs?|(?:integrated care|health) boards?|integrated care systems?|(?:clinical )?commissioning groups?|reinsurers?|underwriters?|(?:building |friendly |smaller |larger |other )societies|mutuals|credit unions|parents|agents|buyers? (?:has|have|will)|acquirers?|buying groups?|consortium|consortia|corporates|comparison sites?|county|counties|municipalit(?:y|ies)|vendors?|partners?|distributors?|wholesalers?|shipping lines?|airlines?|employers?|unions?|the dollar|the euro|sterling|exchange rates?|customers?|clients?|buyers?|retailers?|chains?|competitors?|rivals?|incumbents?|entrants?|brokers?|landlords?|housing associations?|councils?|government|state|ministry|department|regulators?|payers?|insurers?|commissioners?|lenders?|banks?|investors?|suppliers?|operators?|hauliers?|players?|market|markets|segment|sector|demand|aggregators?|platforms?|funders?|authority|authorities|agency|agencies|tenants?|residents?|parliament|treasury|hmrc|eu|firms|alliances?|carriers|trusts|smelters|developers|(?:a|an|one|another) (?:[\w-]+ ){0,2}(?:developer|promoter|investor|fund|manufacturer|maker|producer|supplier|retailer|firm|company|chain|competitor|rival|brand|distributor|wholesaler|importer|supermarket|store|gym|restaurant|caf[eé]|hotel|clinic|pub|garden centre|dealership)|(?:hospital|nhs|academy|housing|care|ambulance|mental health) trust|(?:wage|price|cost|food|energy|construction|rent|salary|pay)? ?inflation|(?:two|three|four|five|several|many|some|other|large|big|major|leading|global|international|fashion|consumer|premium|luxury|high-street) (?:[\w-]+ )?brands|inspectorates?|ombudsman|nhs|price wars?|mills|resellers?|start-?ups?|(?:the )?new owners?|tourists|drivers are|enrolments from|(?:school )?rolls|timetable|terminal|runway|ministers?|chancellor|secretary of state|supermarkets|(?:fewer|more) (?:people|customers|households|consumers|families|shoppers|patients|students|visitors|tourists|buyers|drivers|passengers)|(?:students|applicants|buyers|visitors|tourists|patients) from|patients (?:are|have been|were) (?:looking|searching|asking)|strikes? (?:at|by|on)|industrial action|(?:visitor|tourist|passenger|student|pupil) numbers (?:to|in|across) (?:the )?(?:island|region|city|town|area|county|country|uk)|govt|gov't|hospitals|schools|universities|(?:a growing number|more and more|a number) of [\w-]+|(?:water|energy|gas|electricity|utility|insurance|shipping|haulage|telecoms?|broadband|rail|bus) (?:company|companies|firms?|suppliers?|providers?)|watchdogs?|city|cities|growers|farmers|manufacturers|mills?|sellers|(?:online|national|big) (?:sellers|players|chains|operators|retailers)|(?:payment |card )?processors?|acquirers?|makers|producers|auctions?|(?:tourism|tourist|statistics|statistical|trade|industry|health|transport|planning|licensing) (?:boards?|authorit(?:y|ies)|offices?|agenc(?:y|ies)|associations?|bodies|body|bureaus?|institutes?))\b/i;
/** What a rule or a market change is called. */
const OUTSIDE_TOPIC =
  new RegExp(String.raw`\b(?:population|demographics?|birth rates?|deaths|over-\d+s?|pensioners|retirees|guidance|guidelines|(?:clean[- ]air|low[- ]emission|congestion) (?:zones?|charges?)|ransomware|cyber[- ]?attacks?|data breach\w*|settlement|national insurance|pay awards?|cooling-off|rent reviews?|lease reviews?|mergers?|mandate|duty|tax|taxes|vat|levy|levies|tariffs?|regulation|regulations|rules?|law|legislation|ban|(?<!\b(?:record|records|file|case|code|design|peer|performance|annual|internal|management|quality|document|batch|account|salary|probation|appraisal|incident|clinical|medication|care|drug|file) )review|reform|maps?|approvals?|licen[cs]e|programme|program|scheme|framework|reimbursement|subsid(?:y|ies)|grants?|funding|funds?|tender|tenders|contract|contracts|inflation|interest rates?|(?:living|minimum) wage|wage floor|policy|consents?|permits?|planning permission|trading (?:scheme|system)|agreements?|act|acts|directives?|codes? of practice|standards?|timescales?|inspections?|regime|settlement|caps?|quotas?|limits?|(?<!(?:post|zip|discount|promo|promotional|voucher|source|dress|bar|qr|access|area|sort|country|colour|color|product|booking|order) )codes?(?! of conduct for staff)|visas?|visa routes?|immigration (?:rules|policy|system)|work permits?|business rates|council tax|weather|rain|rainfall|drought|storms?|heatwaves?|snowfall|frosts?|(?:wettest|driest|hottest|coldest|warmest|mildest) [\w ]{0,25}on record|royalt(?:y|ies)|(?:tax|expenditure|investment|r&d|energy|games|film) (?:credits?|reliefs?|allowances?)|new homes|housing growth|tourism|tourists|(?:generative )?ai\b|legal aid|(?:electric|ev|solar|heat[- ]pump|online|mobile|cashless|contactless|subscription) (?:car |vehicle |van )?(?:sales|adoption|uptake|use|ownership|demand)|cost[- ]of[- ]living|artificial intelligence|roadworks|road closures?|(?:shipping|supply[- ]chain|port) disruption|trade (?:deal|agreement)s?|new (?:ring road|road|bypass|rail(?:way)? (?:line|link|station)|station|motorway junction|bridge|tram line|metro line|bus route)|(?:fees?|dues|charges?|levies|levy|tax(?:es)?|duty|duties|tolls?) (?:start|starts|begin|begins|come in|comes in|kick in|kicks in)|${INPUT_PRICES})\b`, 'i');
const FUTURE =
  /\b(?:in the next (?:two|three|four|five|few|\d+) (?:years|months|quarters)|(?:in|by|from|closes? in|opens? in|due in) q[1-4]\b|renews? (?:in |from |on )?(?:(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?|january|february|march|april|may|june|july|august|september|october|november|december|next)|due out|(?:in|by|from) (?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?(?= |,|$)|effective (?:from )?(?:january|february|march|april|may|june|july|august|september|october|november|december|(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?|(?:19|20)\d{2}|next)|may (?:\w+ )?(?:sell|close|end|cut|raise|withdraw|leave|exit|merge|stop|switch|move|drop|delist|not renew|re-?tender|build|open|launch|buy|acquire)|(?:is|are) projected|projected to|projections?|(?:is|are) (?:due )?to (?:stop|end|close|cease|withdraw|exit)|to stop (?:making|producing|supplying|selling)|forecasts?|(?:is|are) being phased in|phased in from|(?:is|are) expecting|(?:is|are) being introduced|(?:is|are) forecast|forecast to|(?:is|are) to be \w+ed|over the next|if the \w+ (?:is|are) approved|will|'ll|going to|plans? to|intends? to|set to|is due|are due|due (?:in|next|by)|next (?:year|spring|summer|autumn|fall|winter|month|quarter)|by (?:19|20)\d{2}|from (?:january|february|march|april|may|june|july|august|september|october|november|december|(?:19|20)\d{2})|comes? into force|takes? effect|in (?:january|february|march|april|may|june|july|august|september|october|november|december)\b|could|expects?|expected|announced|has said|have said|(?:has |have )?(?:indicated|signalled|signaled|flagged|proposed)(?= (?:a|an|the|that|to|its|their)\b)|is proposing|are proposing|publishes|is publishing|due (?:in |by )?(?:january|february|march|april|may|june|july|august|september|october|november|december)|(?:finish|complete|open|start|begin|end|expire)(?:e?s)? (?:in|next|by) (?:(?:19|20)\d{2}|year|spring|summer|autumn|winter)|expires? next|goes up|go up|from this year|(?:from |by |in )?next (?:january|february|march|april|may|june|july|august|september|october|november|december)|plans? (?:a|an|the)\b|from (?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?(?: (?:19|20)\d{2})?|from \d{1,2}(?:st|nd|rd|th)? (?:january|february|march|april|may|june|july|august|september|october|november|december)|(?:live|apply|applies|applying|effective) from|in the next \d+ (?:months|years)|this (?:spring|summer|autumn|fall|winter|year))\b/i;
const REQUEST = /\b(?:pushing for|pressing for|insisting on|asking (?:us )?for (?:[\w-]+ ){0,3}(?:places|quotes?|supply|capacity|volumes?|slots|beds|contracts?|more)\b|consider (?:coming back|returning)|looking for (?:an? )?(?:new |single |second )?(?:[\w-]+ )?(?:supplier|provider|partner|operator|contractor|lender|tenant|manager|dentist|doctor|gp|practice|school|nursery|vet|home|panel|firm|adviser|advisor|agency|vendor|consultant|auditor|architect)s?\b|(?:has|have) shortlisted (?:us|the \w+)|looking for (?:an? )?(?:alternative|new (?:supplier|provider|partner))|invit\w+ (?:us|the \w+) to (?:bid|tender|quote|pitch|apply|join)|(?:lodged|submitted|tabled) (?:a |an )?(?:[\w%.]+ )?(?:pay|wage) claim|(?:lodged|submitted|tabled) (?:a |an )?claim for (?:a |an )?(?:[\d.]+(?=\s?%)|pay|wages?)|invit\w+ (?:bids|tenders|proposals|expressions of interest)|(?:been )?invited to (?:bid|tender|quote|pitch|apply|join)|been (?:asked|approached|shortlisted|selected)|(?:is|are) (?:looking|searching) for (?:a|an) (?:new )?(?:partner|supplier|provider|operator|contractor)|seeking (?:a|an) (?:new )?(?:partner|supplier|provider|operator|contractor)|(?:has|have|had) approached|would welcome|(?:has|have|had) offered|offered (?:a|an|to)\b|ask(?:s|ed|ing)?|request(?:s|ed|ing)?|want(?:s|ed)?|would like|['’]d like|keep asking|are asking|enquir\w+|demand(?:s|ed)? for|offer(?:s|ed)? us|approached us|invited us)\b/i;
const ENTRY = /\b(?:start(?:ed|s|ing)? (?:offering|selling|delivering|operating|running|flying|stocking)|began (?:offering|selling|delivering|operating)|(?:are|is) (?:planned|proposed|being built) (?:within|near|next to|close to|opposite|across the road from|down the road from)|(?:are|is) (?:now )?back in|re-?enter(?:s|ed|ing)?|return(?:s|ed|ing)? to (?:the )?(?:[\w-]+ )?market|(?:has |have )?(?:applied|applies|applying) for planning|planning (?:application|permission) for (?:a|an) |arrival of|open(?:s|ed|ing)(?! (?:hours|times|balance|stock|days|to\b))|open(?!-|\s+to\b|\s+(?:[a-z-]+\s+){0,2}?(?:cases|complaints|backlogs?|jobs|tickets|roles|positions|posts|orders|items|vacancies|repairs|claims|invoices|issues|actions|defects|reports|incidents|requests|queries|accounts|files|work orders)\b)|launch(?:es|ed|ing)?|announc(?:es|ed|ing) (?:an? |the )?(?:new )?(?:[\w-]+ ){0,2}(?:service|route|store|shop|branch|site|depot|centre|center|clinic|plant|factory|range|brand|app|platform|product|offer|fare|tariff)s?\b|enter(?:s|ed|ing)?|expand(?:s|ed|ing)? into|overbuild(?:s|ing)?|undercut(?:s|ting)?|new entrants?|moving into|(?:been |was |were )?granted (?:a |an |the )?(?:licen[cs]e|permit|franchise|concession|operating licen[cs]e))\b/i;
const GROWTH = /\b(?:grow(?:s|ing|th)?|rising|increasingly|expanding|boom\w*|(?:has|have) (?:roughly |nearly |almost |more than )?(?:doubled|tripled|trebled))\b/i;
/** What an outside actor does that changes things now ("cut prices", "launched live tracking", "undercut us"). */
/** Phrases that both mark an outside change and say it hurts: a change only part paid for, an outsider taking the organization's business, a buyer that delists its range. */
const PART_FUNDED = String.raw`(?:only|partly|partially|not fully) (?:about |around )?(?:[\d.]+\s?% )?funded`;
const PART_FUNDED_BY = new RegExp(String.raw`\b${PART_FUNDED} by\b`);
const TAKES_OURS = String.raw`(?:taking|takes|took|stealing|steals|stole|poaching|poaches|poached) (?:some of |more of |a share of )?our\b`;
const DELISTS = String.raw`delist(?:s|ed|ing)?|(?:has |have )?(?:dropped|removed) (?:our|us)\b`;
const ACTION = new RegExp(String.raw`\b(?:(?:mov|switch|consolidat)\w* (?:\w+ ){0,2}to (?:a |one )?(?:single|sole|one) (?:[\w-]+ ){0,2}(?:suppliers?|vendors?|providers?|sources?|distributors?|growers?|wholesalers?)\b|consolidat\w* (?:its |their )?(?:[\w-]+ )?(?:suppliers|vendors|supply base)|(?:${PART_FUNDED}|not (?:about |around )?(?:[\d.]+\s?% )?funded)\b|(?:unfunded|underfunded)\b|${TAKES_OURS}|(?:had|has|received|got|issued) (?:an? )?(?:[A-Za-z]{2,5} |regulatory )?warning letter|${DELISTS}|(?:is|are) (?:now )?(?:sending|referring|placing) (?:us )?more\b|(?:went|gone|goes|go|going|entered) into (?:administration|receivership|liquidation)|went bust|(?:is|are) (?:\w+ )?(?:raising|increasing|putting up|cutting|closing|consolidating|retendering|re-tendering)|(?:is|are) (?:\w+ )?quoting|(?:has|have) been (?:quoting|bidding|pricing|offering|undercutting|cutting|raising|poaching|targeting|hiring|discounting)|(?:is|are) (?:\w+ )?hiring|(?:is|are) putting (?:\w+ ){0,2}up|(?:is|are) (?:now )?selling\b|dumping|signed (?:an? )?(?:exclusive )?(?:deal|agreement|contract)|matched|delaying|(?:is|are) (?:now )?leaving|returning|dropped|now does|(?:has|have) tripled|(?:has|have) put (?:[\w-]+ ){0,3}up\b|turning to|turn to|(?:are|is) struggling|(?:has|have) increased (?:our|the|its|their)\b|jumped|soared|surged|boom(?:s|ed|ing)?|(?:are|is) applying|(?:are|is) (?:now )?(?:booking|spending|ordering|visiting|travelling|using)\b|(?:numbers|volumes|arrivals|visits|bookings) (?:[\w\s-]{0,30}? )?(?:are|is) (?:now )?(?:falling|declining|shrinking)\b|recogni[sz](?:e|es|ed|ing)|(?:is|are) (?:ending|withdrawing|discontinuing|retiring|closing)\b|bypass\w*|(?:now )?(?:ship|sell|buy|deal|go|book)s? direct(?:ly)?|\d+% off\b|(?:has |have )?(?:started|begun)|inflation (?:[\w\s-]{0,30}? )?(?:is|are) running at|(?:losing|lose|lost) (?:[\w-]+ ){0,3}to\b|(?:has |have )?added|disruption|broken out|(?:has |have )?(?:frozen|froze)\b|closed for|(?:is|are) (?:increasingly |now )?(?:moving|shifting|switching|choosing|buying|doing|taking|pushing)\b|agreed to pay|out to tender|outsourc\w+|(?:has|have) confirmed|confirms|(?:weaken|strengthen|depreciat|appreciat|devalu)\w*|exit(?:s|ing)|remov(?:e|es|ed|ing)|favou?r(?:s|ing)?|${INPUT_PRICES} (?:have |has )?(?:jumped|risen|rose|climbed|soared|doubled|increased|gone up|spiked|fallen|fell|dropped|eased|halved|come down)|(?:has|have) (?:hired|poached|recruited|taken) (?:\w+ ){0,3}(?:of )?our\b|shut(?:s|ting)|extend(?:s|ed|ing)|closing (?:in|at|by|from|down|its|the|their)\b|(?:is|are) (?:\w+ )?advertising|(?:has|have) (?:put|added) (?:about |around |some |roughly )?\d[\d,.]*|(?:wettest|driest|hottest|coldest|warmest|mildest) [\w ]{0,25}on record|(?:is|are|was|were) (?:now )?(?:up|down) (?:by )?(?:about |around |some )?\d[\d.]*(?=\s?%)|trad(?:e|es|ing) down|moves? to (?:a |an )?(?:[\d.]+% )?(?:[\w-]+ )?(?:royalty|fee|charge|levy|price|pricing|model)|(?:bring|bringing|take|taking|move|moving)\b[^.;]{0,40}\bin-house|insourc\w+|(?:is|are) (?:\w+ )?offering|poach\w*|(?:has been|have been|was|were) (?:bought|acquired|taken over)|proposed|closed|adds? (?:about |around |an estimated |some )?[£$€\d]|approved|granted|acquired|bought|merged|ballot\w*|strikes?|walk-?outs?|will not (?:renew|extend|continue)|stop (?:supporting|buying|using|selling|stocking|funding)|no longer|(?:is|are) now offering|now offers?|closed|closures?|shut|exited|went bust|(?:bid|bids|quote|quotes|price|prices)\b[^.;]{0,25}\bbelow (?:us|ours)|signal(?:s|led|ling)?|warn(?:s|ed|ing)?|consult(?:s|ed|ing)? on|cut(?:s|ting)?|reduc\w+|re-?tender\w*|undercut\w*|overbuild\w*|withdr[ae]w\w*|switch\w*|consider moving|move volume|launch\w*|open(?:s|ed|ing)(?! (?:hours|times|balance|stock|days))|open(?!-|\s+(?:[a-z-]+\s+){0,2}?(?:cases|complaints|backlogs?|jobs|tickets|roles|positions|posts|orders|items|vacancies|repairs|claims|invoices|issues|actions|defects|reports|incidents|requests|queries|accounts|files|work orders)\b)|enter\w*|tender\w*|commission\w*|rais(?:e|es|ed|ing))\b`, 'i');
const RULE = /\b(?:(?:vat|tax|duty|levy|surcharge|tariff)\b[^.;]{0,40}\b(?:came in|come in|comes in|was introduced|were introduced|was imposed|took effect|was brought in)\b|under the new (?:[\w-]+ ){0,2}(?:act|law|rules?|regulations?|code|regime|framework|deal|agreement|treaty)\b|(?:tariff|duty|quota|customs|visa|levy)[- ]free\b|(?:removes?|removed|abolish(?:es|ed)?|scraps?|scrapped|lifts?|lifted|halves|halved|halving|will halve) (?:the )?(?:remaining )?(?:[\d.]+% )?(?:[\w-]+ )?(?:tariffs?|duty|duties|tax|levy|quotas?|caps?|ban|restrictions?)\b|(?:new|proposed|draft|planned) (?:[\w-]+ ){0,2}(?:rules?|framework|regime|code|standards?) (?:would |will |could )?(?:favou?rs?|penali[sz]es?|rewards?|grades?|gives?|allows?|limits?|restricts?|bans?|caps?|applies|apply|means?|requires?|stops?|prevents?|forces?)\b|now (?:reimburse|pay|fund|allow|require)\w*|comes? into force|mandate|require[sd]?|ban(?:s|ned)?|duty|tax|levy|approvals?|(?<!\b(?:record|records|file|case|code|design|peer|performance|annual|internal|management|quality|document|batch|account|salary|probation|appraisal|incident|clinical|medication|care|drug|file) )review|reform|regulation|maps?|rules? (?:apply|applies)|appl(?:y|ies) to us|covers? \w+ from|takes? effect|must be \w+ (?:by|under)|(?:rules?|timescales?|limits?|standards?) (?:apply|applies)|lets? the regulator|will inspect)\b/i;

/** Someone's estimate of what a change costs ("Customer Care estimates premiums of about £90k a year", "Our QS puts it at £6,500 a plot"). */
const ESTIMATE = /^(?:[\w'’-]+ ){0,3}(?:estimates?|puts?|reckons?|expects?) (?:it |that |(?:the )?(?:cost|costs|premiums?|bill|impact|price|extra cost)s? )(?:of |at )?(?:about |around |some |roughly )?[£$€]?\d/i;

/** The weather as the evidence reports it. */
const WEATHER = /\b(?:weather|rain|rainfall|drought|storms?|heatwaves?|snow|snowfall|ice|floods?|flooding|gales?|frosts?|(?:wettest|driest|hottest|coldest|warmest|mildest) [\w ]{0,25}on record)\b/;

/** The organization reporting what it has learnt ("We note that …", "we hear …", "we've been told that …"). */
const REPORTED = /^[\s\-•*,]*(?:(?:and|also|but|separately|fwiw|looking ahead),?\s+)*(?:we|i)\s+(?:(?:have|had|'ve)\s+)?(?:note|noted|hear|heard|understand|gather|learn(?:ed|t)?|see|saw|are told|were told|been told|read)\b(?:\s+that)?/;
/**
 * Someone who tells, confirms or writes what they will do: who they are is the group before the verb. One who says
 * what "it" or "they" will do speaks for a body, not for themselves ("Norbrook says … - their price goes up 9%").
 */
const TELLS = /^[\s\-•*,]*(?:(?:and|also|but|separately|fwiw|on the other hand|however|meanwhile|in addition|looking ahead),?\s+)*(?:the |a |an |its |their )?((?:[\w&'’-]+ ){0,5}?[\w&'’-]+),?(?: [^,]{0,40},)? (?:(?:has|have|had) (?:now )?(?:told|confirmed|written(?! off\b)|announced|warned|notified|informed|signalled|signaled)\b|(?:says|said|confirms|confirmed|announces|announced|warns|warned|writes|wrote)\b(?= (?:that )?(?:it|they|its|their)\b| [^.;]{0,60}\s[-–—]\s(?:it|they|its|their)\b)|told (?:me|us|him|her|them)\b(?= [^.;]{0,30}\b(?:they|it)(?: (?:want|wants|will|would|plan|plans|intend|intends|are|is)\b|['’]d\b)))/;
/** The organization's own people and bodies, who tell it things from inside. */
/** Parties outside the organization that "our" still names: "two of our largest customers", "our landlord". */
const OUTSIDE_PARTY = /\b(?:customers?|clients?|suppliers?|landlords?|lenders?|banks?|partners?|distributors?|buyers?|retailers?|insurers?|funders?|regulators?)\b/;
const INSIDE_WORDS = /\b(?:we|i|he|she|they|it|our|ceo|cfo|coo|cto|md|director|directors|manager|managers|head|chair|chairman|chairwoman|board|team|teams|staff|colleagues?|management|founder|owner|finance|operations|sales|hr|people|committee|executive|trustees?|governors?)\b/;

/** A change that lowers what the organization pays ("would cut our parking costs"): good, whatever its verb. */
/** A place that brings people to the organization's door: an office, a campus or a hub "with 3,000 staff" opening nearby. */
const FOOTFALL = /\b(?:motorway|road|rail|railway|tram|metro|bus|train) (?:junction|link|station|line|stop|route|bypass|interchange)\b[^.;]{0,20}\b(?:opens?|opening|will open|due to open)\b|\b(?:hub|offices?|headquarters|hq|campus|hospital|station|stadium|arena|office park|business park|university|college|distribution centre|science park)\b[^.;]{0,40}\bwith (?:about |around |some |up to )?[\d,]+ (?:staff|employees|workers|students|jobs|people|beds)\b|\b[\d,]+[- ](?:staff|employee|worker|student|bed|seat|home|house|desk)s? (?:[\w-]+ )?(?:centre|center|campus|hospital|office|offices|hub|stadium|arena|estate|development|university|college|school|factory|plant|hall)\b/i;
const SAVING = /\bbring (?:\w+ ){0,2}prices down\b|\bsav(?:e|es|ing) (?:us |the \w+ )?(?:about |around |some |roughly |up to |an estimated )?[£$€]\s?\d|\b(?:pay|pays|paying) (?:about |around |some )?[\d.]+\s?% less\b|\b(?:cut|cuts|cutting|reduc\w+|lower\w*|sav(?:e|es|ing))\s+(?:our |the |its |their )?(?:debtor days|arrears|bad debts?|waiting times?|waits|delays|lead times?)\b|\b(?:cut|cuts|cutting|reduc\w+|lower\w*|sav(?:e|es|ing))\s+(?:our |the |its |their )?(?:[a-z-]+\s+){0,2}(?:costs?|bills?|spend|spending|expenses?|fees|commissions?)\b/i;

/** Verbs that move a measure, and which way. */
const MOVES_UP = /^(?:add(?:s|ed|ing)?|rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|lift(?:s|ed|ing)?|boost(?:s|ed|ing)?|doubl(?:e|es|ed|ing)|bring(?:s|ing)?|brought)$/;
const MOVES_DOWN = /^(?:cut(?:s|ting)?|reduc(?:e|es|ed|ing)|lower(?:s|ed|ing)?|halv(?:e|es|ed|ing)|shorten(?:s|ed|ing)?)$/;
const moves = (verb: string): 1 | -1 | 0 => (MOVES_UP.test(verb) ? 1 : MOVES_DOWN.test(verb) ? -1 : 0);
/** Words that say what a change does to the organization when no cue list places it. */
const EFFECT_BAD = /\b(?:matched our|leaving for|dumping|below our (?:production |own )?costs?|exclusive (?:deal|agreement|contract) with (?:a |an |our )?(?:competitor|rival)|stop (?:selling|stocking|buying|using) our|does (?:most|much|all) of what our|delaying (?:orders|purchases|decisions|projects)|expand\w* (?:[\w-]+ ){0,3}(?:coverage|services?|operations?|presence|offer\w*|capacity|network) (?:[\w-]+ ){0,3}in our (?:area|region|market|towns?|city|patch)|(?:rivals?|competitors?)\b[^.;]{0,40}\b(?:offer\w*|launch\w*|introduc\w*|started)\b|price war|(?:means?|meant|bring|brings|leaves?|leaving) (?:us )?(?:fewer|less)\b|(?:rivals?|competitors?|operators?)\b[^.;]{0,40}\b(?:add(?:s|ing|ed)?|launch\w*|introduc\w*|build\w*|start\w*|put(?:s|ting)? on) (?:a |an |another |more |new |extra |\d+ |two |three )?(?:second |third |new |extra |bigger |larger )?(?:vessels?|ships?|ferr(?:y|ies)|aircraft|planes?|routes?|services?|stores?|shops?|sites?|branches|capacity|lines?|depots?|clinics?|venues?|rooms|beds|flights|sailings|buses|coaches|trains)\b|(?:quotes?|quoted|quoting) (?:about |around )?\+\s?\d|disruption|struggl\w+ to pay|(?:used to|would otherwise|would have) come to us|approached by (?:a |an )?(?:rival|competitor|headhunter)|(?:put|puts|putting) (?:\w+ ){0,3}out to tender|closed for (?:roadworks|repairs|works)|roadworks|(?:has |have )?(?:frozen|froze)\b|pushing through (?:price )?(?:rises|increases)|price (?:rises|increases) of|(?:cover|covers|serve|serves|reach|reaches) (?:all of |the whole of )?our (?:whole )?(?:[\w-]+ )?(?:area|catchment|patch|territory|region|market))/;
const EFFECT_GOOD = /\b(?:single buyer for (?:all of )?our|keen to (?:trial|try|buy|work with) our|(?:turning|turn|turned|coming|come) to (?:[\w-]+ ){0,3}(?:like ours|like us|us\b|our\b)|(?:is|are) in demand|in record numbers|record (?:demand|numbers|interest)|makes? it easier for|(?:so|and) (?:we|the \w+) can (?:now )?(?:export|sell|bid|operate|offer|expand|enter|serve)\b|(?:will )?stops? (?:about |around |just |only )?[\d,]+ (?:metres|meters|yards|m) from our\b|(?:would |will |could )?(?:bring|brings|add|adds|mean|means) (?:us |in )?more (?:passengers|customers|visitors|members|students|pupils|patients|guests|business|work|orders|bookings|footfall|users|demand|trade|traffic)\b|suits? (?:us|our)|benefits? (?:us|our)|(?:which|that) (?:all |most )?(?:of )?(?:our|we) (?:[\w-]+ ){0,2}(?:are|have|do|meet|hold)\b|agreed to pay for (?:our|the)|(?:wants?|need|needs|looking for) more (?:providers|suppliers|partners|operators)|looking to (?:outsource|buy|partner|contract)|interest in our|one of (?:the )?(?:only )?few|(?:get|gets) (?:\d+-day )?payment guaranteed)/;

/**
 * What an outside change does to one of the organization's own measures, said in words: "has added three weeks to our lead
 * times" (a wait that grows: bad), "will add 5 million passengers a year" (more custom: good), "keeping our borrowing costs
 * high" (a cost held up: bad). 0 when the words name no measure the lexicon can judge.
 */
function effectOnUs(text: string): 1 | -1 | 0 {
  const judge = (phrase: string, dir: 1 | -1) => {
    const p = judgeByWords(phrase.replace(/\b(?:from|in|at|by|for|across|to|of)\b.*$/, '').trim())?.polarity ?? 0;
    return (p * dir) as 1 | -1 | 0;
  };
  // "has put lead times up", "pushing our premiums up"
  const putUp = /\b(?:put|puts|putting|pushed|pushes|pushing) (?:our |the |its |their )?([\w -]{2,30}?) up\b/.exec(text);
  if (putUp) {
    const v = judge(putUp[1]!, 1);
    if (v) return v;
  }
  // "has increased our excess", "cut our margins"
  for (const m of text.matchAll(/\b([a-z]+) our ([\w -]{2,30}?)(?=\s(?:to|by|from|at|for|per|on)\b|[,.;:]|$)/g)) {
    const dir = moves(m[1]!);
    if (dir) {
      const v = judge(m[2]!, dir);
      if (v) return v;
    }
  }
  // "keeping our borrowing costs high"
  const kept = /\b(?:keep(?:s|ing)?|kept|hold(?:s|ing)?|held) (?:our|the) ([\w -]{2,40}?) (high|higher|up|elevated|low|lower|down)\b/.exec(text);
  if (kept) return judge(kept[1]!, /^(?:high|higher|up|elevated)$/.test(kept[2]!) ? 1 : -1);
  // "added three weeks to our lead times", "cut the effectiveness of our ads by a third"
  for (const m of text.matchAll(/\b([a-z]+)\b[^.;]{0,40}?\b(?:to|on|of|in|for) our ([\w -]{2,40}?)(?=\s(?:from|in|at|by|for|across|to|of)\b|[,.;:]|$)/g)) {
    const dir = moves(m[1]!);
    if (dir) return judge(m[2]!, dir);
  }
  // "will add 5 million passengers a year", "brings 2,000 visitors"
  const counted = /\b(?:add(?:s|ed|ing)?|bring(?:s|ing)?|brought)\b (?:about |around |some |up to |an extra |another )?[\d.,]+(?:\s?(?:million|m|k|bn|thousand))? (?:more |extra |new )?([a-z-]+)/.exec(text);
  if (counted) {
    const v = judge(counted[1]!, 1);
    if (v) return v;
  }
  return EFFECT_BAD.test(text) ? -1 : EFFECT_GOOD.test(text) ? 1 : 0;
}

/** An amount of the organization's income or work taken out of its year ("takes about £900k of fees out of next year's pipeline"). */
const TAKES_OUT = /\b(?:takes?|took|taking|knocks?|knocked|wipes?|wiped)\b[^.;]{0,30}?\bof (?:our |its |their )?(?:fees|fee income|income|revenue|sales|work|turnover|business|funding|orders|volume|demand)\b[^.;]{0,10}?\b(?:out of|off)\b/;

/** A clause without the cue lists' weakest words, which name a subject as often as a change ("competitor", "leave", "growth", "want"). */
const unweighted = (text: string) => text.replace(/\b(?:compet\w*|leav\w*|lose|losing|lost|cuts?|cutting|reduc\w*|limit\w*|caps?|worr\w*|switch\w*|grow\w*|want\w*|ask\w*|request\w*|access|worth|funds?|funding|demand for|prefer\w*|enquir\w*|tender\w*|commission\w*|licens\w+|opportunit\w+|subsid\w+|grants?|risk to|instead|tax(?:es)?|levy|cheaper|shortage|fines?|penalt\w+|require[sd]?|ban(?:s|ned)?|mandate|delay\w*|cancel\w*|strikes?|merger|merge|leases?|rents?|restrict\w*|tighter)\b/g, ' ');

/** The rate a funder pays the organization, held to its cost ("The ICB pays £180 a visit against a cost of £210"). */
const PAID_AGAINST_COST = /\b(?:pays|paid|pay|reimburses|reimbursed|funds|funded)\s+(?:us\s+)?[£$€]\d[\d.,]*\s*(?:an?|per)\s+[a-z]+\b[^.;]{0,40}\bagainst (?:a|an|the|our|its) (?:[\w-]+ ){0,2}costs?\b/;

/** A question of what the organization should do, reported ("Ruth asked whether we should stop competing on price"). */
const DELIBERATION = /\b(?:asked|asks|wondered|wonders|questioned|queried|raised)\b[^.;]{0,20}\b(?:whether|if)\s+(?:we|i|the (?:company|group|firm|business|board|trust))\s+(?:should|ought)\b/;

/** Initials that name a measure, a role or a body the outside-actor list already has, not an outside body of their own. */
const NO_BODY_INITIALS = /^(?:NPS|OEE|KPIS?|CEO|CFO|COO|CTO|CIO|OPS|EBITDA|EBIT|RAG|YTD|LTM|ARR|MRR|CAC|LTV|AUM|NIM|SLA|SKU|WIP|ROI|ROCE|PBT|NHS)$/;

/**
 * A price the organization pays that whoever sets it raises: "Our insurer has raised the premium on the fleet policy by 35%",
 * "Card fees from the payment processor go up 0.2 points in March".
 */
const PRICE_TO_US = new RegExp(
  String.raw`\b(?:insurers?|suppliers?|landlords?|lenders?|banks?|(?:payment |card )?processors?|acquirers?|vendors?|licensors?|franchisors?|platforms?|marketplaces?|hauliers?|carriers?|utilit(?:y|ies)|(?:water|energy|gas|electricity|power) (?:company|supplier|firm))\b[^.;]{0,40}?\b(?:has |have |will |is |are )?(?:raised|raises|raising|increased|increases|increasing|put up|puts up|putting up|hiked|hikes|hiking|doubled|doubles|doubling|raise|increase|hike|double)\b[^.;]{0,30}?\b(?:premiums?|prices?|fees?|dues|charges?|rents?|rates?|tariffs?|commissions?|subscriptions?|costs?)\b|\b(?:premiums?|card fees|processing fees|transaction fees|platform fees|commissions?|service charges?|rents?|tariffs?|subscriptions?|licen[cs]e fees?)\b[^.;]{0,40}?\b(?:go|goes|will go|are going|is going|went|have gone|has gone) up\b`,
);

/** A seller that asks the organization to pay more: "the mills asked for increases of between 8% and 12%". */
const SELLER_ASKS_MORE =
  /\b(?:suppliers?|mills?|landlords?|insurers?|lenders?|banks?|hauliers?|carriers?|vendors?|licensors?|franchisors?|growers?|producers?|wholesalers?|unions?)\b[^.;]{0,30}?\b(?:asked for|asking for|asks? for|want|wants|wanted|seeking|sought|demanding|demanded|pushing for|pressing for)\b[^.;]{0,20}?(?:\b(?:increases?|rises?|uplifts?|more money|higher (?:prices|rates|rents|fees))\b|\b\d[\d.]*\s?%\s+more\b)/;

/** What adds to what the organization's customers pay, and customers who think of going elsewhere: a threat in either reading. */
const BURDENS_US = String.raw`add(?:s|ed|ing)? (?:about |around |some |roughly )?[\d.]+% to (?:the |our |their |every |each )?(?:bills?|fees?|dues|prices?|costs?|premiums?|invoices?)|considering (?:moving|taking|sending) (?:their |our |the )?(?:[\w-]+ ){0,2}(?:there|elsewhere|away)`;

/** What makes an outside change a threat, and an opportunity. */
const THREAT =
  new RegExp(String.raw`\b(?:${PART_FUNDED}\b|(?:unfunded|underfunded)\b|(?:paused|postponed|cancell?ed|shelved|deferred|mothballed|put on hold)\b[^.;]{0,30}?\b(?:schemes?|projects?|orders?|work|contracts?|programmes?|programs?|developments?|spend)\b|(?:loss|closure|withdrawal) of (?:[\w'’-]+ ){0,3}(?:output|capacity|supply|supplies|production)|stretch(?:es|ed|ing)? (?:our |the )?lead times|lead times? (?:could |will |would |may )?(?:stretch|lengthen|double)|(?:business rates|rates|rateable value|revaluation)\b[^.;]{0,80}\b(?:increase|rise|uplift|jump)\b|repric\w*\b[^.;]{0,60}\b(?:up|higher|increase|rise)\b|${TAKES_OURS}|warning letter|real[- ]terms (?:cut|fall|reduction|decline|loss)|(?:funding|grants?|allocations?|subsid(?:y|ies)) (?:[\w-]+ ){0,3}?(?:is|are|was|were|has been|have been|will be|remains?|stays?) (?:still )?(?:frozen|flat|held flat|capped)\b|(?:single|sole)[- ]sourced?|(?:mov|switch|consolidat)\w* (?:\w+ ){0,2}to (?:a |one )?(?:single|sole|one) (?:[\w-]+ ){0,2}(?:suppliers?|vendors?|providers?|sources?|distributors?|growers?|wholesalers?)\b|consolidat\w* (?:its |their )?(?:[\w-]+ )?(?:suppliers|vendors|supply base)|only (?:approved )?supplier|forc(?:e|es|ed|ing) (?:us|the (?:company|group|firm|business|society|bank|trust|school|charity|practice|agency)) to|costing (?:us )?(?:perhaps |about |around |some |up to |roughly |an estimated )?[£$€]\s?\d|${DELISTS}|(?:move|moves|moving|transfer\w*|shift\w*|outsourc\w*|award\w*|hand\w*|give|gives|giving|commission\w*) (?:[\w-]+ ){0,6}to (?:an? |the )?(?:independent|private|another|other|new|rival|competing|alternative|different|external|national) (?:[\w-]+ )?(?:providers?|suppliers?|operators?|sector|firms?|company|companies|contractors?)|${BURDENS_US}|dumping|below our (?:production |own )?costs?|exclusive (?:deal|agreement|contract) with (?:a |an |our )?(?:competitor|rival)|matched our|delaying (?:orders|purchases|decisions|projects)|double (?:the )?(?:service charges?|rents?|fees?|dues)|(?:will |to )?(?:end|ending|ends|withdraw|withdrawing|scrap|scrapping|stop offering) (?:the |its |their )?(?:[\w-]+ ){0,2}(?:deals?|subsid(?:y|ies)|discounts?|reliefs?|cover|grants?)\b|(?:are|is) (?:planned|proposed|being built) (?:within|near|next to|close to|opposite|across the road from|down the road from)|start(?:ed|s|ing)? offering (?:[\w-]+ ){0,3}(?:delivery|service|products?|deals?|prices?)|${PRICE_TO_US.source}|(?:double|doubles|doubling|treble|trebles|triple|triples|tripling) (?:the |its |their |our )?(?:[\w-]+ ){0,2}(?:charges?|fees?|dues|rents?|tariffs?|levies|premiums?|rates?|prices?)\b|${INPUT_PRICES}\b[^.;]{0,20}?\b(?:have |has )?(?:tripled|trebled|doubled|soared|surged|spiked|jumped|climbed|risen|rose|gone up)\b|stop (?:selling|stocking|buying|using) our|does (?:most|much|all) of what our|cuts? the (?:[\w-]+ )?(?:service|services|frequency|route)|tripled in price|doubled in price|leaving for|(?:incomes?|earnings|revenues?|margins?|volumes?|sales|spending|budgets?) (?:to|will|would|could|may|set to|are set to|is set to) (?:fall|drop|decline|shrink|soften)\b|(?:snow|ice|floods?|flooding|storms?|gales?|heatwaves?|drought|wildfires?)\b[^.;]{0,30}\b(?:meant|caused|closed|forced|stopped|cost|disrupted|led to)\b|rescheduled|consolidat\w+ (?:its |their |the )?(?:supplier|supply|vendor) (?:base|panel|list)|invited (?:[\w-]+ ){0,3}(?:groups|suppliers|firms|rivals|competitors) to (?:quote|bid|tender)|fewer (?:people|customers|households|consumers|families|shoppers|visitors|tourists|buyers|passengers|patients|students) (?:are )?\w+|cost[- ]of[- ]living|licen[cs]e (?:will be |is being |to be |may be )?(?:reviewed|suspended|revoked|withdrawn|under review)|serious incidents?|(?:may|might|could|will|would) not renew|(?:lost|losing) (?:[\w-]+ ){0,3}to\b(?! us\b)|\b(?:contracts?|customers?|clients?|accounts?|tenders?)\b (?:that |which )?(?:we|the (?:company|group|firm|business)) (?:have |had )?lost\b|can no longer|no longer (?:able|allowed|permitted|eligible)|end(?:s|ing)? (?:of )?support|discontinu\w+|bypass\w*|cut(?:s|ting)? out (?:the )?(?:middle ?m[ae]n|distributors|wholesalers|us)|(?:supply|supplies|deliveries|intake) (?:of [\w-]+ )?(?:to (?:our|us)(?: [\w-]+)? )?(?:could |will |may |is set to )?(?:fall|falls|drop|drops|shrink|shrinks|decline|declines)\b|numbers (?:[\w\s-]{0,30}? )?(?:are|is) (?:falling|declining|shrinking|down)\b|\d+% off\b|(?:second|another|alternative|other) supplier|dual[- ]sourc\w*|sourcing (?:[\w-]+ ){0,4}from (?:a |an |another )|(?:we )?(?:can't|cannot|can not|couldn't|could not|unable to) (?:match|compete with|beat)\b|\d+-day (?:payment )?terms|(?:longer|extended) (?:payment |credit )?terms|more (?:harshly|strictly|stringently|severely)|harsher|stricter|tougher|dearer|more expensive|less competitive|(?:rise|rises|increase|increases|hike|hikes) in (?:[\w-]+ ){0,3}(?:charges|prices|fees|rents|rates|costs|premiums|tariffs|duty|tax)|(?:rising|higher|soaring) ${INPUT_PRICES}|(?:fees?|dues|charges?|levies|levy|tax(?:es)?|duty|duties|tolls?) (?:start|starts|begin|begins|come in|comes in|kick in|kicks in)\b|(?:budgets?|funding|spending) (?:for [\w\s-]{0,40}?)?(?:will )?(?:falls?|fell|is cut|are cut|decreases?|go(?:es)? down|shrinks?)|(?:close|closes|closing|closure of|remove|removes|scrap|scraps|end|ends) (?:[\w-]+ ){0,5}(?:that|which) (?:bring|brings|feed|feeds|serve|serves|send|sends) (?:\w+ ){0,3}(?:to )?(?:us|our)\b|(?:take|takes|taking|divert\w*) (?:\w+ ){0,3}away from (?:us|our)\b|(?:for|at) (?:about |around |some )?[\d.]+% (?:less|cheaper|lower)\b|[\d.]+% (?:less|cheaper) than (?:us|ours|we)\b|makes? (?:us|the \w+) pay\b|(?:relief|reliefs|subsid(?:y|ies)|grants?|support|discounts?|exemptions?|allowances?|freeze)(?: scheme)? (?:ends?|ending|expires?|expiring|lapses?|runs? out|(?:is|are|will be) (?:withdrawn|removed|scrapped))\b|(?:has|have) (?:hired|poached|recruited|taken) (?:\w+ ){0,3}(?:of )?our\b|suppliers? (?:of [\w-]+ )?(?:\w+ ){0,3}(?:shut(?:s|ting)?|clos(?:e|es|ed|ing)|stop(?:s|ped|ping)?|exit(?:s|ed|ing)?|withdr\w+|ceas\w+)\b|${INPUT_PRICES} (?:have |has )?(?:jumped|risen|rose|climbed|soared|doubled|increased|gone up|spiked)\b|putting (?:[\w-]+ ){0,2}(?:prices|rates|fees|charges|rents) up|selling (?:[\w-]+ ){0,3}at (?:or below )?cost|below cost|(?:asked|asks|asking) (?:us |the \w+ )?for (?:a |an )?(?:[\d.]+% )?(?:price )?(?:cut|discount|reduction|rebate)|(?:rates?|rents?|fees?|dues|charges?|prices?|costs?) (?:on|for|at) (?:[\w-]+ ){1,4}(?:rises?|go(?:es)? up|increases?)|\d+ miles? from (?:our|the)\b|(?:applied|applies|applying) for planning|inspection regime|statutory (?:inspection|regulation|licensing|registration)|consult\w* on (?:a |an |the )?(?:new )?(?:statutory|mandatory|compulsory)|can(?:'t|not| not) be replaced|(?:can't|cannot|can not|unable to|don't think we can) pass (?:[\w-]+ ){0,4}on)\b|(?:\+\s?\d[\d.]*%\s+on\s+(?:[\w-]+\s+){0,2}?(?:milk|prices?|costs?|fees?|dues|rents?|rates?|tariffs?|\w+)\b)|\b(?:gets? worse|will not be (?:re-?let|renewed|extended|re-?leased)|(?:capacity|supply|output) (?:gone|lost|removed|withdrawn)|no (?:second|alternative|other|backup) (?:source|supplier)|advertis\w+ [^.;]{0,40}\bat (?:just |only )?[£$€]\d[\d,.]*|(?:put|puts|putting|added|adds|adding) (?:about |around |some |roughly )?[\d.]+% on (?:[\w-]+ ){0,2}(?:prices|costs|bills)|(?:wettest|driest|hottest|coldest|worst) [\w ]{0,25}on record|(?:days?|hours?|weeks?|shifts?)(?: [\w-]+){0,2} lost|(?:moves?|moving|switch(?:es)?|switching|introduc(?:e|es|ing)) to (?:a |an )?(?:[\d.]+% )?(?:[\w-]+ )?(?:royalty|fee|charge|levy|commission|surcharge)|introduc(?:e|es|ing) (?:a |an )?(?:[\d.]+% )?(?:[\w-]+ )?(?:fee|charge|levy|surcharge)|(?:does|do|will|would) not cover|(?:doesn't|don't|won't|wouldn't) cover|falls? short of|rent reviews?|(?:bidding|pricing|quoting|quotes?|prices?) (?:about |around |some )?[\d.]+% (?:\w+ )?below (?:us|our\b|[A-Z]\w+)|(?:rises?|increases?|go(?:es)? up|rais(?:e|es|ed|ing)) (?:by )?only\b|only (?:rise|rises|increase|increases|go up|goes up)\b|royalt(?:y|ies)|(?:be |are |is )?after our (?:[\w-]+ ){0,2}(?:staff|people|engineers|artists|developers|drivers|nurses|teachers|talent|team|customers|clients)|(?:moves?|shifts?|puts?|pass(?:es)?|transfers?) (?:the |all the |more of the )?(?:[\w-]+ )?(?:risk|cost|burden|liability) (?:onto|on to|to|on) us|hits? (?:every|each|all|our)\b|risk to (?:our |the )?|(?<!(?:competitors?|rivals?)(?:'|’)? )(?:costs?|prices?|premiums?|margins?|rents?|fees?|dues|commissions?|charges?|interest|borrowing costs?|interest costs?) (?:will |are set to |are going to |to |is set to |is going to )?(?:rises?|go(?:es)? up|increases?)|(?:their|its) (?:[\w-]+ )?prices? (?:will )?(?:go(?:es)? up|rises?|increases?)|order(?:ing)? less|buy(?:ing)? less|spend(?:ing)? less|(?:linked|tied|indexed) to inflation|shrink(?:s|ing)?|shrunk|less than (?:the company|the group|the firm|we|it|they) (?:had )?asked for|consult\w* on (?:cutting|reducing|ending|restricting|tightening|banning|capping|withdrawing)|(?:bid|bids|priced|quoted) (?:\d+% )?(?:\w+ )?below (?:us|our\b|[A-Z]\w+)|(?:pushed|put) back|postponed|(?:haven't|have not|hasn't|has not|not) (?:been )?budgeted|unbudgeted|push (?:\w+ ){0,2}(?:rates|prices|fees|margins) (?:lower|down)|owing us|owes us|(?:stop|stops|stopping|cease|ceases) (?:making|producing|supplying|servicing|delivering)|suppliers? [^.;]{0,60}(?:went|gone|goes|go|going) into (?:administration|receivership|liquidation)|(?<!(?:accept\w*|agree\w*(?: to)?|approv\w*|won|secured) (?:a |an |the |our )?(?:[\d.]+% )?)(?:rent|rents|pay|wage|wages|salary|salaries|fee|fees|tariff|tariffs|premium|premiums|charge|charges|cost|costs|input price|supplier price|energy price|rate) (?:uplifts?|increases?|rises?|hikes?)|(?:a|an|the|its|their|\d+%) (?:pay|wage|salary) claims?|(?:lodged|submitted|tabled) (?:a |an )?(?:\w+ )?(?:pay|wage) claim|(?:lodged|submitted|tabled) (?:a |an )?claim for (?:a |an )?(?:[\d.]+(?=\s?%)|pay|wages?)|(?:bring|bringing|take|taking|move|moving)\b[^.;]{0,40}\bin-house|insourc\w+|to win (?:our|away our|the) (?:[\w-]+ ){0,3}(?:accounts|customers|clients|contracts|business|tenders)|(?:has been|have been|was|were) (?:bought|acquired|taken over)|review(?:s|ing|ed)? (?:all |its |their |the )?(?:[\w-]+ ){0,3}(?:outsourc\w+|suppliers|contracts)|(?:pays?|charged?) (?:about |around )?[£$€]\d[\d,.]* (?:a|per) (?:day|week|month|year)|(?:don't|do not|doesn't|does not|fail to) meet the standard|offering (?:about |around )?[£$€]?\d[\d,.]* (?:cashback|off)|cashback|cannot handle|can't handle|(?:is|are) not ready|upgrade (?:is )?(?:budgeted|costed|estimated) at|(?:rolls|pupil numbers|numbers|demand|population|enrolments?|admissions|footfall|volumes?) (?:falling|to fall|will fall|declining|to decline)|birth rate (?:drops|falls|is falling)|falling birth rate|ransomware|cyber[- ]?attacks?|data breach\w*|poach\w*|(?<!(?:competitors?|rivals?)(?:'|’)? )prices (?:(?:for|of|on) (?:[\w-]+ ){1,3})?(?:will|would|are set to|are going to|to) (?:rise|increase|go up|double)|will not (?:renew|extend|continue|support)|(?:stop|stops|stopping|cease|ceases) (?:supporting|buying|using|selling|stocking|funding|lending)|no longer (?:supports?|buys?|stocks?|funds?|lends?)|(?:double|raise|increase|hike)s? (?:the |our )?(?:rent|prices?|fees?|dues|charges?|rates?)|(?:rais(?:e|es|ing)|increas(?:e|es|ing)|hik(?:e|es|ing)|put(?:s|ting)? up) (?:the |our |its |their )?(?:[\w-]+ ){0,2}(?:rents?|prices?|fees?|dues|charges?|rates?|tariffs?)\b|strike action|industrial action|strikes?|walk-?outs?|adds? (?:an estimated |about |around |some )?[£$€]|(?:has |have )?entered (?:the |our )?(?:\w+ )?market|acquired by (?:a |our |the |its )?(?:\w+ )?(?:rival|competitor)|(?:drop|fall|decline|decrease) in (?:\w+ ){0,2}(?:numbers|demand|volumes?|sales|orders|footfall|enrolments?|admissions|bookings)|arrival of (?:c\.\s?|about |around |some )?\d[\d,]* (?:new )?(?:clubs|stores|sites|branches|outlets|restaurants|gyms|shops|centres|centers|clinics|practices|hotels|depots|venues|units)|(?:open(?:s|ed|ing)?|announc(?:e|es|ed|ing)|plan(?:s|ned|ning)?|add(?:s|ed|ing)?) (?:up )?(?:about |around |some |another )?\d[\d,]* (?:new )?(?:clubs|stores|sites|branches|outlets|restaurants|gyms|shops|centres|centers|clinics|practices|hotels|depots|venues|units|schools|nurseries)|pay awards?|national insurance|(?:living|minimum) wage|wage floor|push for|rent (?:rises?|increases?)|cancel\w*|full refund|merger|merge|bid directly|(?:dollar|euro|sterling|currency)(?:'s)? weakness|add (?:an estimated |about |around )?[£$€]|(?:clean[- ]air|low[- ]emission|ultra[- ]low[- ]emission|zero[- ]emission) zones?|congestion charg\w*|at no charge|free of charge|for free|(?:would|will) be charged|(?:taxe?s?|dut(?:y|ies)|levy|levies|tariffs?|rates?|fees?|dues|charges?) (?:rises?|go(?:es)? up|increases?|will rise)|lets? (?:rivals|competitors|others)|(?:rivals?|competitors?) (?:to )?(?:take|win|poach|lure|target)|will (?:inspect|investigate|audit)|(?:upcoming|forthcoming|planned|first) (?:round of )?(?:\w+ )?(?:inspections?|investigations?|audits?)|enforcement|special measures|criminal|block(?:s|ed|ing)? (?:bonuses|dividends|payments)|cut(?:s|ting)?|reduc\w+|re-?tender\w*|undercut\w*|overbuild\w*|open(?:s|ed|ing)? [^.;]{0,40}\b(?:near|nearby|next to|close to)|near (?:the|our)\b|launch(?:es|ed|ing)?|new entrants?|double the tax|tax(?:es)?(?! sites?| reliefs?| credits?| breaks?| incentives?| allowances?)|levy|require[sd]?|mandate|ban(?:s|ned)?|delay\w*|adding \d|add(?:s|ing)? [^.;]{0,20}\bweeks|flood|risk zones?|consider moving|move volume|switch\w*|leav(?:e|ing)|lose|losing|withdraw\w*|price cuts?|lower prices? (?:than|from)|cheaper|(?<!(?:fewer|less|no|weaker|little) )compet\w+|penalt\w+|fines?|cap(?:s|ped)?|worr\w+|shortage|higher (?:prices|costs|rates)|(?:touch|affect)(?:es|s|ing)? (?:about |around |some )?\d+|applies to \d+|add(?:s|ing)? (?:about |around |some |roughly )?[£$€]?\d[\d.,]*\w*[^.;]{0,30}\bto (?:our |the )?costs?|limit(?:s|ed|ing)?|restrict\w*|tighter|tighten\w*|must (?:verify|comply|register|convert|replace|be converted|be replaced)|appl(?:y|ies) to us|(?:bid|bids|quote|quotes|price|prices)\b[^.;]{0,25}\bbelow (?:us|ours)|(?:offers?|prices?|quotes?|costs?|rates?|bills?)\b[^.;]{0,25}\bhigher|instead(?! of)|outside the eu|to avoid it|retender\w*|(?:competitors?|rivals?)\b[^.;]{0,30}\b(?:granted|approved|given) (?:planning )?(?:permission|consent|approval)|(?:next to|close to|beside|opposite) (?:ours|us)\b|(?:demand|enquiries|orders|bookings|interest|appetite) (?:from|among|by)\b[^.;]{0,40}?\b(?:has |have )?(?:dropped|fallen|fell|declined|halved|dried up|slowed|collapsed|slumped)\b|(?:instructions|orders|enquiries|bookings|demand|referrals|admissions|applications) (?:are|is|were|was|have been|has been) down (?:by )?(?:about |around |some )?\d)\b`, 'i');
const OPPORTUNITY =
  new RegExp(String.raw`\b(?:gives? us access to|(?:got|been appointed|won (?:a )?place) (?:onto|on|to) (?:the |a )?(?:new )?[\w -]{0,50}?\b(?:framework|panel)|freeports?|freeport status|(?:enterprise|investment) zones?|tax sites?|investors? (?:are |were )?in talks|(?:tariff|duty|quota|customs|visa|levy)[- ]free|asking (?:us )?for (?:[\w-]+ ){0,3}(?:places|quotes?|supply|capacity|volumes?|slots|beds|contracts?|more)\b|(?:offers?|offering|will pay|pays) (?:grants?|funding|subsid(?:y|ies))\b|(?:grants?|funding) of up to\b|won (?:its|the|a) bid to host|(?:motorway|road|rail|railway|tram|metro|bus|train) (?:junction|link|station|line|stop|route|bypass|interchange) (?:opens?|will open|is opening|is due to open)|our core business|expected to recover|keen to (?:trial|try|buy|work with|take|stock|sell|list|carry|distribute|order|partner)|regenerat\w+|(?:put|puts|added|adds|placed|places|listed|lists) (?:us|the (?:company|group|firm|business|trust|practice)) on (?:the|its|their|a) (?:[\w-]+ ){0,3}(?:list|framework|panel|roster|register)|approved (?:supplier|provider|contractor|partner) (?:list|status|panel)|(?:cut|cuts|cutting|halve|halves|shorten|shortens) (?:the |their )?(?:[\w-]+ )?(?:journey|journeys|travel|commute|drive|trip) ?(?:times?)?\b|pilots? agreed|hand (?:[\w-]+ ){0,4}to an (?:outside|external|independent) (?:operator|provider)|single buyer for|returning to (?:the )?(?:region|area|city|town)|bookings are up|dropped the (?:planned )?(?:tariff|levy|tax|duty|charge)|rolls (?:[\w\s-]{0,30}? )?(?:are )?rising|(?:would )?consider (?:coming back|returning|switching)|(?:come|coming) back to us|return to us|let (?:the )?(?:[\w-]+ ){0,3}(?:cap|fees?|dues|prices?|rates?|tariffs?)\b[^.;]{0,30}\brise|looking for (?:an? )?(?:new |single |second )?(?:[\w-]+ )?(?:supplier|provider|partner|operator|contractor|lender|tenant|manager|dentist|doctor|gp|practice|school|nursery|vet|home|panel|firm|adviser|advisor|agency|vendor|consultant|auditor|architect)s?\b|(?:more) (?:people|customers|households|consumers|families|shoppers|patients|students|visitors|tourists|buyers|passengers) (?:are )?\w+ing\b|plans? (?:for )?(?:about |around |some |up to )?[\d,]+ (?:new )?(?:homes|houses|flats|apartments|dwellings|student beds|offices)\b|(?:legal aid|funding|reimbursement|capitation|per[- ]pupil) (?:rates?|fees?|dues|funding|payments?) (?:for [\w\s-]{1,30}? )?(?:will )?(?:rise|rises|increase|increases|go up|goes up)\b|up for grabs|shortlisted|(?:is|are|will be) outsourcing|to outsource|(?:council|county|city|state|authority|trust|nhs|government|ministry|department|agency|client|customer|school|hospital|university)(?:'s|’s)? (?:[\w-]+ ){0,3}tender\b|tenders? (?:for|to run|to supply|to provide)\b|(?:which|that) we (?:already )?(?:have|do|meet|hold|offer)\b|(?:will )?put (?:us|our [\w ]{1,30}?) within\b|closer to (?:us|our)\b|(?:removes?|halves|halved|halving|will halve) (?:the )?(?:remaining )?(?:[\d.]+% )?(?:[\w-]+ )?tariffs?|(?:budgets?|funding|spending) (?:for [\w\s-]{0,40}?)?(?:will )?(?:rises?|rose|increases?|go(?:es)? up|grows?)|qualif(?:y|ies) for|now (?:allows?|permits?|lets)\b|looking for (?:an? )?(?:alternative|new (?:supplier|provider|partner))|forecast to (?:rise|increase|grow|double|triple)|extend\w* (?:the )?(?:[\w-]+ ){0,3}(?:offer|scheme|grant|funding|relief|entitlement|eligibility|programme|subsidy)|${INPUT_PRICES} (?:have |has )?(?:fallen|fell|dropped|eased|halved|come down)\b|upside|(?:hurts?|hit|hits) (?:them|rivals|competitors) (?:far |much )?(?:more|harder) than us|add(?:s|ing)? (?:about |around |some |up to )?[\d,]+ (?:more |extra |new )?(?:visits|visitors|customers|passengers|members|students|pupils|bookings|guests|patients|users|subscribers)|bring (?:in )?(?:the \w+ |us |our \w+ )?(?:about |around |some |an extra |an estimated |roughly )?[£$€]\d[\d,.]*|(?:ready|able|placed) to (?:sell|serve|win|bid)|(?:count|counts|qualif(?:y|ies)) (?:for|towards?)\b|(?:approved|granted|permission for|plans? for) (?:about |around |some )?[\d,]+ (?:new )?(?:homes|houses|dwellings|flats)|open(?:s|ed)? to (?:mid-size|smaller|small|independent|all|new|us)|(?:book|booked|booking|buy|bought|order|ordered|spend|spent) more\b|keeps? (?:our|the) (?:pricing|prices|costs?) (?:competitive|down|low)|invited (?:the|our) (?:group|company|firm|business|trust|chain|practice|organi[sz]ation|club|council|charity) to (?:bid|tender|quote|pitch)|(?:come|comes|coming) (?:back )?our way|(?:went|gone|goes|go|going) into (?:administration|receivership|liquidation)|went bust|(?:squarely |exactly )?our kind of work|plays? to our strengths|in our favour|good for us|(?:benefit|help)s? us|recover (?:up to |about |around )?[£$€]|write off (?:part of )?(?:the )?(?:[\w-]+ )?arrears|would list (?:our|the)|partner programme|inviting bids|invit\w+ (?:bids|tenders|proposals)|pay claims (?:straight|direct(?:ly)?) to|approved (?:our|the) (?:planning|application|bid|licen[cs]e|permit|proposal)|granted (?:us|our|the) |(?:is|are) (?:looking|searching) for (?:a|an) (?:new )?(?:partner|supplier|provider|operator|contractor)|seeking (?:a|an) (?:new )?(?:partner|supplier|provider|operator|contractor)|(?:competitors?|rivals?)(?:'|’)? prices (?:have |has )?(?:risen|rose|increased|gone up)|approached (?:us|the company|the group|the firm)|welcome a bid|forecast to grow|rebates?|viable|fewer (?:competitors|rivals)|(?:has|have) offered|offers? (?:a|an) |(?:competitors?|rivals?|homes|stores|branches|practices|schools) (?:\w+ ){0,3}(?:closed|shut|exited|went bust)|ask(?:s|ed|ing)?|request\w*|want(?:s|ed)?|would like|enquir\w+|grow(?:s|ing|th)?|commission(?:s|ed|ing)?|reimburse\w* at parity|parity|open (?:[^.;]{0,30}\b)?to (?:alternative|new|smaller|independent)|access|at lower prices|well placed|opportunit\w+|subsid\w+|grants?|funding|expects? £|expects? €|expects? \$|worth|demand for|prefer\w*|score\w* [^.;]{0,20}\bin tenders|funds?|will pay|pays? up to|offer(?:s|ed)? us|approached us|invited us|lets? us|allows? us|enables? us|removes? (?:the )?(?:remaining )?tariffs?|licens\w+|(?:meet|meets|cover|covers|fund|funds|pay for|pays for) (?:up to |about |around |some )?(?:half|a third|a quarter|[\d.]+(?=\s?%))[^.;]{0,20}\bcosts?|(?:planning )?permission (?:was |has been |had been )?granted|granted planning|see (?:us|the \w+) as (?:cheap|good value|affordable|better value|the cheaper)|add(?:s|ed|ing)? (?:about |around |some )?(?:\w+ )?(?:more |extra |new )(?:crossings|flights|routes|sailings|departures|rotations|services) )\b`, 'i');

const DIMENSION_OF: [RegExp, Dimension][] = [
  // (money from outside that starts, ends or changes is the organization's income: "the Lottery grant (£240k a year) ends")
  [/\b(?:grants?|grant-in-aid|funding|contributions?|subsid(?:y|ies)|sponsorship|donations?|legacies|reimbursement|tariff income|fee income)\b/, 'Financial Performance'],
  [/\b(?:competitors?|rivals?|incumbents?|entrants?|chains?|undercut|overbuild|open(?:s|ed|ing)(?! (?:hours|times|balance|stock|days))|open(?!-|\s+(?:[a-z-]+\s+){0,2}?(?:cases|complaints|backlogs?|jobs|tickets|roles|positions|posts|orders|items|vacancies|repairs|claims|invoices|issues|actions|defects|reports|incidents|requests|queries|accounts|files|work orders)\b)|launch\w*|aggregators?)\b/i, 'Competitive Landscape'],
  [/\b(?:regulators?|government|state|ministry|department|mandate|duty|tax|levy|regulation|rules?|law|legislation|ban|(?<!\b(?:record|records|file|case|code|design|peer|performance|annual|internal|management|quality|document|batch|account|salary|probation|appraisal|incident|clinical|medication|care|drug|file) )review|reform|maps?|approvals?|authority|flood|council)\b/i, 'Risks & Compliance'],
];

export interface EventContext {
  evidence_id: string;
  order: number;
  /** lower-case names of the organization and its people: never an outside actor */
  ignore: ReadonlySet<string>;
  /** lower-case words of the organization's name: a clause it is the subject of is about the organization */
  organization: ReadonlySet<string>;
  /** the sentence after, which may say what an announcement means ("… publishes its programme in the autumn. Priya expects £2bn of the work …") */
  next?: ParsedSentence;
  /** the sentence before, for what "it" refers to ("Pet insurance. Brokers keep asking us for it.") */
  previous?: ParsedSentence;
}

/** The proper names of a clause that are not the organization's or its people's ("Edinburgh", "Ofcom", "Parcelwise"). */
function outsideNames(tokens: readonly Token[], ignore: ReadonlySet<string>): string[] {
  const names: string[] = [];
  tokens.forEach((t, k) => {
    // (a line's first word comes after its bullet: "- Repairs completed on time in June: 88%")
    // (or after a speaker's label: "A: Energy cost per move is up 18%", "JM: Funding?")
    const first = tokens.slice(0, k).every((u) => u.pos === 'PUNCT' || u.pos === 'SYM') || (k <= 3 && tokens[k - 1]?.text === ':' && tokens.slice(0, k - 1).every((u) => /^[A-Z][A-Za-z]{0,3}$/.test(u.text)));
    // a sentence's first word is a name only when the tagger says so and it is no word of the lexicons ("Parcelwise launched …", not "Brokers keep asking …")
    // (a month or a day, written short or whole, is a date, never who acts: "returns cost us c.£210k in Aug alone")
    if (/^(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\.?$/i.test(t.text)) return;
    if (t.pos !== 'PROPN' || !/^\p{Lu}/u.test(t.text) || ignore.has(t.lower) || (first && (OUTSIDE_ACTOR.test(t.lower) || OUTSIDE_TOPIC.test(t.lower)))) return;
    // nor a measure's word, or a word of change, the tagger takes for a name at the start of a line ("Revenue growth was 9%", "Growth is concentrated online")
    // (nor a common noun the tagger takes for a name because it opens the line: "Arranger turnover was 24%", "Maintenance used …")
    if (first && /^\p{Lu}\p{Ll}+$/u.test(t.text) && ((tokens[k + 1]?.pos === 'NOUN' && /^\p{Ll}/u.test(tokens[k + 1]!.text) && judgeByWords(tokens[k + 1]!.lower)) || /(?:ance|ence|ment|tion|sion|ity|ness|ings)$/i.test(t.text))) return;
    // (nor a plural noun of English before a participle: "Repairs completed on time fell to 78%")
    if (first && /^\p{Lu}\p{Ll}+s$/u.test(t.text) && isEnglishWord(t.text) && tokens[k + 1]?.pos === 'VERB' && /(?:ed|en)$/.test(tokens[k + 1]!.lower)) return;
    if (first && (judgeByWords(t.lower) || measuresIn(t.lower).length || [GROWTH, REQUEST, ENTRY, ACTION, RULE, THREAT, OPPORTUNITY].some((re) => re.test(t.lower)))) return;
    // (nor an adjective that opens the line before a noun in lower case: "Dental nurses' pay award …", "Private work growing fast")
    // (but "Local colleges are cutting …", "Regional airlines have …": an adjective before a plural names who acts)
    const next = tokens[k + 1]?.text ?? '';
    const plural = /^\p{Ll}+s$/u.test(next) && !/^['’]$/.test(tokens[k + 2]?.text ?? '');
    // (never one that is the subject of the verb after it: "Virgin has been offering …")
    if (first && /^\p{Lu}\p{Ll}+$/u.test(t.text) && /^(?:\p{Ll}|-$)/u.test(next) && !plural && isAdjective(t.text) && !['AUX', 'VERB'].includes(tokens[k + 1]?.pos ?? '')) return;
    // (nor a numbered thing of the organization's: "Line 3", "Plant 2", "Phase 2")
    if (tokens[k + 1]?.type === 'number' && /^(?:line|plant|site|phase|stage|building|unit|ward|gate|platform|hall|block|floor|lot|tier|depot|store|branch|theatre|kiln|furnace|press|cell|shift|team)$/i.test(t.text)) return;
    // (a speaker's name that opens a line of notes, "Tom: Amazon is now offering …", is who speaks, not who acts)
    // (but a name before a colon and a phrase in lower case is what the note is about: "Grillhouse: arrival of c.12 sites")
    if (tokens[k + 1]?.text === ':' && tokens.slice(0, k).every((u) => u.pos === 'PUNCT' || u.pos === 'PROPN') && !/^\p{Ll}/u.test(tokens[k + 2]?.text ?? '')) return;
    // (nor a name that qualifies what is counted: "2 RIDDOR reportable injuries", "ISO certified sites", "CQC rated homes")
    if (/^\p{Ll}+(?:able|ible)$|^(?:rated|certified|registered|accredited|approved|compliant)$/u.test(next) && tokens[k + 2]?.pos === 'NOUN') return;
    // (a title in quotation marks is the organization's product, not an actor: "\"Tidebreaker\" sold 1.9 million copies")
    if (/^["“'‘]$/.test(tokens[k - 1]?.text ?? '') && /^["”'’]$/.test(tokens[k + 1]?.text ?? '')) return;
    // (nor is a line's label before a figure: "Locum spend: £2.7m this year")
    // (a status between the label and the figure changes nothing: "Move-in enquiries converted: RED, 23% vs 35% target")
    const afterColon = (at: number) => tokens.slice(at).find((w) => !/^(?:red|amber|green|,)$/i.test(w.text))?.text ?? '';
    if (first && tokens.slice(k + 1, k + 7).some((u, j, rest) => u.text === ':' && /^[£$€\d]/.test(afterColon(k + 2 + j)) && rest.slice(0, j).every((w) => w.pos !== 'AUX'))) return;
    // (nor a period's label: "Q3", "H1", "FY24")
    if (/^[A-Z]{1,3}$/.test(t.text) || /^(?:[QH][1-4]|FY\d{2,4}|YTD|LTM)$/i.test(t.text) || /^(?:Board|Committee|Executive|Directors?|Trustees?|Management|Team|Chair|Council of Governors|Head|Headteacher|Principal|Bursar|Governors|Registrar|Provost|Dean)$/.test(t.text) || /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/i.test(t.text)) return;
    names.push(t.text);
  });
  return names;
}

/** The words of a clause from its k-th token, as written. */
const sentenceOf = (clause: readonly Token[], k: number): string => clause.slice(k).map((t, n, all) => (n > 0 && all[n - 1]!.end < t.start ? ' ' : '') + t.text).join('');

/** Who acts, as the clause names them: the phrase around its first outside actor ("Edinburgh council", "online retailers"), else a company it names, else its rule ("zero-emission HGV mandate"). */
function actorPhrase(clause: readonly Token[], cue: number, names: readonly string[]): string {
  const base = clause[0]!.start;
  // (whoever the organization loses people or customers to is who acts: "We're losing engineers to the energy networks")
  const lost = clause.findIndex((t, k) => /^(?:losing|lose|loses|lost)$/.test(t.lower) && clause.slice(k + 1, k + 5).some((u) => u.lower === 'to'));
  if (lost >= 0) {
    let k = clause.findIndex((t, j) => j > lost && t.lower === 'to') + 1;
    while (k < clause.length && (clause[k]!.pos === 'DET' || /^(?:other|bigger|larger)$/.test(clause[k]!.lower))) k++;
    const words: string[] = [];
    for (; k < clause.length && ['ADJ', 'NOUN', 'PROPN'].includes(clause[k]!.pos) && words.length < 4; k++) words.push(clause[k]!.text);
    if (words.length && words.some((w) => !/^(?:us|our)$/i.test(w))) return words.join(' ');
  }
  const before = clause.filter((t) => t.start - base <= cue);
  const head = before.map((t) => t.lower).join(' ');
  const m = OUTSIDE_ACTOR.exec(head) ?? OUTSIDE_TOPIC.exec(head);
  const last = m ? head.slice(0, m.index + m[0].length).split(' ').length - 1 : -1;
  const at = m ? last : -1;
  if (at >= 0 && (OUTSIDE_ACTOR.test(before[at]!.lower) || !names.length)) {
    let s = at;
    while (s > 0 && ['PROPN', 'ADJ', 'NOUN'].includes(before[s - 1]!.pos) && !/^(?:[A-Z]{1,3})$/.test(before[s - 1]!.text)) s--;
    while (s > 0 && (before[s - 1]!.text === '-' || before[s - 1]!.text === "'s") && s > 1) s -= 2;
    let e = at + 1;
    while (e < before.length && ['NOUN', 'PROPN'].includes(before[e]!.pos) && OUTSIDE_TOPIC.test(before[e]!.lower)) e++;
    const words: string[] = [];
    for (let k = s; k < e; k++) words.push(k > s && before[k]!.start === before[k - 1]!.end ? `\u0000${before[k]!.text}` : before[k]!.text);
    return words.join(' ').replace(/ \u0000/g, '').replace(/^(?:the|a|an|two|three|four|five|several|many|some|other)\s+/i, '');
  }
  // (names that stand apart are not one name: "Exports of British cheese to Japan" is named by its opening phrase, never "British Japan")
  const placed = clause.map((t, k) => (names.includes(t.text) ? k : -1)).filter((k) => k >= 0);
  const apart = placed.some((k, n) => n > 0 && k !== placed[n - 1]! + 1);
  if (names.length && !apart) return names.slice(0, 3).join(' ');
  // (else the noun phrase that opens the clause, with the phrase after its "of", "from", "to" or "in": "Enquiries from schools")
  // (past a speaker's label and an answer's "Yes -": "Priya: Yes - we've been invited …" opens with no phrase of who acts)
  const colon = clause.slice(0, 4).findIndex((t) => t.text === ':');
  let k = colon + 1;
  while (k < clause.length && (clause[k]!.pos === 'PUNCT' || clause[k]!.pos === 'DET' || /^(?:yes|no|well|so|ok|okay|and|but)$/.test(clause[k]!.lower))) k++;
  // (and past a time that opens it: "From July, imports of our main ingredient …")
  const time = k < clause.length ? TIME_OPENER.exec(sentenceOf(clause, k).toLowerCase()) : null;
  if (time) {
    const after = clause[k]!.start + time[0].trimEnd().length;
    while (k < clause.length && (clause[k]!.start < after || clause[k]!.pos === 'PUNCT' || clause[k]!.pos === 'DET')) k++;
  }
  const words: string[] = [];
  const noun = (t: Token | undefined) => Boolean(t && ['ADJ', 'NOUN', 'PROPN'].includes(t.pos) && !/.{3}ing$/.test(t.lower));
  for (; noun(clause[k]) && words.length < 4; k++) words.push(clause[k]!.text);
  if (words.length && /^(?:of|from|to|in)$/.test(clause[k]?.lower ?? '') && noun(clause[k + 1] ?? (clause[k + 2]?.pos === 'DET' ? undefined : clause[k + 2]))) {
    words.push(clause[k]!.text);
    for (k++; noun(clause[k]) && words.length < 7; k++) words.push(clause[k]!.text);
  }
  return words.join(' ') || names[0] || 'outside change';
}

/** The figures of a clause [cs, ce) of a sentence, as an event states them (each its value; roles are the measures'). */
function figuresOf(sentence: ParsedSentence, cs: number, ce: number): FigureRef[] {
  const { tokens } = sentence;
  const raw = rawFigures(tokens);
  return raw
    // (a number glued to letters names a thing, not a figure of the event: "nodes below 16nm", "5G")
    .filter((f) => f.first >= cs && f.first < ce && !/^\p{L}/u.test(sentence.text.slice(tokens[f.last]!.end - f.trim - sentence.start)) && !(f.unit === '' && /\d\p{L}/u.test(tokens[f.last]!.text)))
    .map((f) => {
      const end = tokens[f.last]!.end - f.trim;
      return { ...roleOf(tokens, f, raw, ce), value: f.value, unit: f.unit, text: sentence.text.slice(tokens[f.first]!.start - sentence.start, end - sentence.start), start: tokens[f.first]!.start, end, role: 'current' as const, ...(f.ratio ? { ratio: true as const } : {}) };
    });
}

/**
 * The events a sentence states, as claims (key `ev:…`, no measure, external, good or bad for the organization),
 * each with its clause; none when the sentence is about the organization itself or says nothing is changing.
 */
/** What every event states alike: no measure of the organization's own, no movement of one, and the outside as its place. */
const EVENT_FIELDS = {
  measure: null,
  named: '',
  qualifier: '',
  movement: 0,
  trend: 0,
  external: true,
  period: '',
  cause: '',
  intent: '',
  proposal: false,
  hedged: false,
  kind: 'event',
} as const satisfies Partial<Claim>;

/** An event that spans its whole sentence: who or what acts, how it was read, and where it falls. */
function sentenceEvent(sentence: ParsedSentence, ctx: EventContext, e: { key: string; name: string; subject?: string; dimension: Dimension; figures: FigureRef[]; valence: 1 | -1; forecast: boolean }): Claim {
  return {
    evidence_id: ctx.evidence_id,
    start: sentence.start,
    end: sentence.end,
    sentence: sentence.text,
    order: ctx.order,
    ...EVENT_FIELDS,
    key: e.key,
    name: e.name,
    dimension: e.dimension,
    subject: e.subject ?? e.name,
    entity: '',
    figures: e.figures,
    ...(e.figures[0] ? { current: e.figures[0] } : {}),
    valence: e.valence,
    forecast: e.forecast,
    clause: { start: sentence.start, end: sentence.end },
  };
}

export function eventsOf(sentence: ParsedSentence, ctx: EventContext, related: readonly Claim[]): Claim[] {
  const { tokens } = sentence;
  // (a numbered heading, "Slide 7 - Asks of the board", heads what follows: it states no event)
  if (!tokens.length || NUMBERED_HEADING.test(sentence.text)) return [];
  // (a harm the organization caught is its own measure, no harm from outside: "Fraud detected rose 40% to £6.8m")
  if (/^[\s\-•*]*(?:[\w-]+ ){0,2}(?:fraud|theft|thefts|shoplifting|scams?|cyber-?attacks?|attacks?|leakage)\s+(?:detected|prevented|identified|stopped|blocked|recovered|caught|intercepted)\b/i.test(sentence.text)) return [];
  const pending = approvalEvent(sentence, ctx);
  if (pending) return [pending];
  const out: Claim[] = [];
  const spans = clauseSpans(tokens);
  // a sentence of a few words without a verb that names an outside actor or topic ("The offshore wind operators.", "The
  // new carbon levy.") is what the sentence after it speaks of, as a heading is: "Two of them have asked us for quotes"
  // (the tagger reads some nouns of such a sentence as verbs: "The NHS trusts."; a verb before its last word is a verb)
  const words = ctx.previous?.tokens.filter((t) => t.pos !== 'PUNCT') ?? [];
  const body = words.filter((t, k) => !(k <= 1 && /^[A-Z]{1,3}$/.test(t.text) && ctx.previous!.tokens[ctx.previous!.tokens.indexOf(t) + 1]?.text === ':'));
  const nounPhrase = body.length > 0 && body.length <= 7 && !body.some((t, k) => t.pos === 'AUX' || (t.pos === 'VERB' && ['DET', 'PRON', 'NUM'].includes(body[k + 1]?.pos ?? '')));
  const heading = ctx.previous && nounPhrase && !/\d/.test(ctx.previous.text) && !/\?["”'’]*\s*$/.test(ctx.previous.text) ? ctx.previous.text.replace(/^\s*(?:[-•*>]\s*)?(?:[A-Z]{1,3}:\s*)?/, '').replace(/[.:?!]+$/, '').trim() : '';
  // (a note's section title names no one: "Market.", "Competition.", "Costs and regulation." head what follows without being its subject)
  const section = /^(?:\d+\.\s*)?(?:the\s+)?(?:market|markets|the market|competition|competitors|customers?|clients?|costs?|regulation|regulatory|people|staff|workforce|finance|financials?|operations|outlook|risks?|principal risks|external|the outside|demand|supply|volunteers|safety|cash|capital|distribution|weather|opportunit(?:y|ies)|threats?|summary|background|context|pricing|sales|trading|suppliers?|technology|policy|funding|income)(?:\s+(?:and|&)\s+[a-z]+)?$/i.test(heading);
  const headed = heading && !section && (OUTSIDE_ACTOR.test(heading) || OUTSIDE_TOPIC.test(heading)) ? heading : '';
  // clauses that belong together ("two online retailers had asked for quotes …, which has 30% of its space unused") are read as one
  for (let i = 0; i < spans.length; i++) {
    const [cs, ce] = spans[i]!;
    const opening = i === 0;
    const clause = tokens.slice(cs, ce);
    const text = sentence.text.slice(clause[0]!.start - sentence.start, clause.at(-1)!.end - sentence.start);
    // (a clause after "but" with no subject of its own qualifies the one before it: "…, which helps but doesn't cover inflation")
    if (i > 0 && /^[\s,;]*(?:but|yet)\s/i.test(text) && ['AUX', 'VERB'].includes(clause.find((t, n) => n > 0 && t.pos !== 'ADV')?.pos ?? '')) continue;
    // a clause that opens with "which" or "who" speaks of the phrase before it: an event only when that clause is about the
    // outside ("… under the new trade agreement, which removes the remaining tariffs"), and reported with it
    let from = clause[0]!.start;
    // a clause that opens with "as" or "because" gives the cause of the clause before it, and is reported with it
    // ("… revenue 6% lower, as coatings customers tied to construction bought less")
    // (not one of conformity, "as the regulations require", "as planned": that states no change)
    if (i > 0 && /^[\s,]*(?:(?:mostly|mainly|largely|partly|chiefly|probably|simply|only|in part|not least) )?(?:as|because|since|after|following)\b/i.test(text)) {
      if (/^[\s,]*as (?:(?:the |our |its |their )?(?:[\w-]+ ){0,3})?(?:require[sd]?|expected|expects?|planned|agreed|promised|budgeted|intended|forecast|required by)\b/i.test(text)) continue;
      // (the cause of a result the clause before measures is told with that result: "Corporate accounts fell from 310 to 240
      // after the energy firms cut travel budgets" is a finding, not an outside event of its own)
      if (tokens.slice(spans[i - 1]![0], spans[i - 1]![1]).some((t) => t.type === 'number') && !/\b(?:will|would|could|may|might|next)\b/i.test(text)) continue;
      from = tokens[spans[i - 1]![0]]!.start;
    }
    // (a clause that opens with "mostly" or "mainly" says where what the clause before counts went, and is reported with it:
    // "We lost 9 of our 48 architects this year, mostly Part 2s going to the big London practices, which pay about 12% more")
    if (i > 0 && /^[\s,;]*(?:mostly|mainly|largely|chiefly|most of them|many of them|all of them|nearly all)\b/i.test(text)) from = tokens[spans[i - 1]![0]]!.start;
    // (a clause whose subject is "their" or "its" thing speaks of the subject before it, and is reported with it: "Our largest
    // account, a chain of 60 cafés, is 24% of turnover, and their contract is up for renewal in March")
    if (i > 0 && /^[\s,;]*(?:and |but )?(?:their|its) [\w-]+ (?:is|are|was|were|will|has|have|runs?|ends?|expires?)\b/i.test(text) && tokens.slice(spans[i - 1]![0], spans[i - 1]![1]).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')) from = tokens[spans[i - 1]![0]]!.start;
    // (a clause that only gives the level someone outside expects of the figure before it is that figure's benchmark, no change:
    // "We resolved 88% of complaints within 10 days; the regulator expects 80%")
    if (i > 0 && /^[\s,;]*(?:the |our |its )?(?:[\w'’-]+ ){0,3}(?:expects?|requires?|sets?|demands?|wants?|asks? for)\s+(?:at least |a minimum of |about |around )?[£$€]?\d[\d.,]*\s*(?:%|[a-z]+)?[\s.]*$/i.test(text) && tokens.slice(spans[0]![0], cs).some((t) => t.type === 'number')) continue;
    if (/^[\s,]*(?:which|who)\b/i.test(text)) {
      const before = i > 0 ? sentence.text.slice(tokens[spans[i - 1]![0]]!.start - sentence.start, tokens[spans[i - 1]![1] - 1]!.end - sentence.start) : '';
      if (!before || !(OUTSIDE_ACTOR.test(before) || OUTSIDE_TOPIC.test(before))) continue;
      from = tokens[spans[i - 1]![0]]!.start;
    }
    // words in quotation marks name a rating or a label ("requires improvement"), they are not what the clause does
    // and the words of a proper name are not its verbs ("the Care Quality Commission rated …" commissions nothing)
    const base = clause[0]!.start;
    let named = text;
    clause.forEach((t, k) => {
      // (but a name that is itself an outside rule or topic stays: "Clean Air Zone")
      if (k > 0 && t.pos === 'PROPN' && /^\p{Lu}\p{Ll}/u.test(t.text) && (clause[k - 1]!.pos === 'PROPN' || clause[k + 1]?.pos === 'PROPN') && !topicalName(clause, k)) named = `${named.slice(0, t.start - base)}${'X'.repeat(t.end - t.start)}${named.slice(t.end - base)}`;
    });
    // (and a tax in a measure's name is no rule: "pre-tax profit", "after-tax margin")
    const lower = named
      .toLowerCase()
      .replace(/["“][^"”]{1,60}["”]/g, (q) => ' '.repeat(q.length))
      .replace(/\b(?:pre|post|after|before)-tax\b/g, (w) => w.replace('-tax', '-txx'))
      // (nor "profit before tax", "earnings after tax")
      .replace(/\b(before|after) (interest,? (?:and |& )?)?tax\b/g, '$1 $2txx')
      // (nor is a credit or a relief against tax a tax: "the film tax credit", "R&D tax relief")
      .replace(/\btax(?= (?:credits?|reliefs?|breaks?|allowances?|rebates?|refunds?)\b)/g, 'txx');
    // what is already in place is no change ("the ban has been in place since 2022"); an action list is the notes' own
    // (a change measured since a year is a change: "births are down 4% since 2021")
    if (/\b(?:in place since|has been in place|have been in place|already in place)\b/.test(lower) || (/\bsince (?:19|20)\d{2}\b/.test(lower) && !/\b(?:up|down|fell|fallen|rose|risen|grown|grew|dropped|declined|increased|decreased|halved|doubled)\b/.test(lower)) || /^\s*(?:[-•*]\s*)?actions?\s*:/i.test(text)) continue;
    // a clause that only says another will do the same ("…, and the EU's VAT in the Digital Age package will follow") adds
    // nothing of its own to the change before it
    if (i > 0 && /\b(?:will|would|may|could|(?:is|are) (?:expected|set|likely|due) to) (?:soon )?(?:follow(?: suit)?|do the same|do likewise)\s*[.;!]?\s*$/.test(lower)) continue;
    // a clause that opens with "when", "if", "once" or "unless" is a condition of the one after it, not a statement of its own
    // (after a note's label too: "Rate watch: if the Bank cuts twice before Christmas …")
    // (a clause that opens with "because" gives the cause of the one before it: an event of its own when someone outside acts in it)
    if (/^(?:when|whenever|if|once|unless|as soon as)\b/.test(lower.replace(/^[\s\-•*,]+/, '').replace(/^[a-z][\w\s-]{0,30}:\s*/, ''))) continue;
    // the organization's own plans ("we plan to", "we will") are not outside events
    const subject = clause.find((t) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'PRON');
    // ("us" is never a subject: "Offshore rivals now bid 25% below us" is the rivals')
    // (but what was done to it from outside is an event: "we've been invited to bid for …", "we were asked to quote …")
    // (passive only: "we have asked management to …" is the organization's own act)
    const doneToUs = /\b(?:(?:we were|we are|we're)\s+(?:just\s+|now\s+|also\s+|since\s+|recently\s+)?(?:being\s+)?|(?:we've|we have|we had|we'd)\s+(?:just\s+|now\s+|also\s+|since\s+|recently\s+)?been\s+)(?:invited|asked|approached|offered|shortlisted|selected|awarded|told)\b/.test(lower);
    // (what the organization reports that someone outside does is the outsider's event: "We note that Movvi will open desks …")
    const reported = REPORTED.test(lower);
    // (and what the organization loses to someone outside is theirs: "We're losing people to the banks in Bristol")
    const losingTo = /\b(?:losing|lose|lost) (?:[\w-]+ ){0,3}to (?:the |a |an |other |bigger |larger )?(?:[\w-]+ ){0,2}(?:banks?|rivals?|competitors?|chains?|agencies|firms|operators|platforms|employers|supermarkets|retailers|hospitals|councils|networks|companies|businesses|industry|industries|sector|utilities|providers|insurers|practices|trusts|schools|consultancies|contractors|developers|manufacturers)\b/.test(lower) || /\b(?:losing|lose|lost) (?:[\w-]+ ){0,3}to \p{Lu}[\p{L}&'’-]+/u.test(text);
    // (and a place on a buyer's framework or panel is the buyer's opening to it: "We got onto the new Crown Commercial Service framework …")
    const admitted = /\b(?:we|we've|we have|we were|we've been|we have been)\s+(?:got|been appointed|appointed|won (?:a )?place|been admitted|admitted|been accepted|accepted)\s+(?:onto|on|to)\s+(?:the |a |an )?(?:new )?[\w -]{0,50}?\b(?:framework|panel|approved (?:supplier )?list|dynamic purchasing system|dps)\b/.test(lower);
    if (subject && (/^(?:we|i)$/i.test(subject.text) || ctx.organization.has(subject.lower)) && !doneToUs && !reported && !losingTo && !admitted) continue;
    // (nor is a team, a board or the staff of one of its sites: "The Coventry team completed the first phase of …")
    const run = subject ? clause.slice(clause.indexOf(subject)) : [];
    const runEnd = run.findIndex((t) => !['PROPN', 'NOUN', 'ADJ'].includes(t.pos));
    const subjectHead = (runEnd > 0 ? run[runEnd - 1] : undefined)?.lower ?? '';
    if (/^(?:team|teams|staff|colleagues|crew|workforce|employees)$/.test(subjectHead) && !doneToUs && !reported && !losingTo) continue;
    // (nor is the organization's own plant, named by no one else's name: "The new dryer at Llanfor is running at 94% of design capacity")
    if (/^(?:dryers?|kilns?|ovens?|machines?|cranes?|boilers?|furnaces?|reactors?|evaporators?|digesters?|chillers?|compressors?|lathes?)$/.test(subjectHead) && run.slice(0, runEnd).every((t) => t.pos !== 'PROPN') && !reported) continue;
    // the change, and who makes it: an outside actor or a rule named before the change ("Edinburgh council has said it will cut …"),
    // not one named after it ("72% of people leaving supported housing …, against a sector benchmark")
    // (a time that opens the clause, "From March two insurers will …", "This winter two rivals are …", comes before its actor: the change is the cue after it)
    const opener = TIME_OPENER.exec(lower)?.[0].length ?? 0;
    // (a month after a verb in the past is when it was, not when it will be: "…, was £95k in Jan.")
    // (nor is a month right after a figure, the period it is measured in: "revenue £61k in October")
    const past = (m: RegExpExecArray, text: string) => /^in [a-z]{3}/.test(m[0]) && (/\b(?:was|were|had been)\b/.test(text.slice(Math.max(0, m.index - 40), m.index)) || /\d(?:[\d.,]*)\s*(?:k|m|bn|%|p)?\s*$/.test(text.slice(0, m.index)));
    const cueIn = (text: string) => [FUTURE, REQUEST, ENTRY, GROWTH, RULE, ACTION, PRICE_TO_US, FUNDING_OFFERED, PRICE_MOVE].map((re) => re.exec(text)).filter((m) => m !== null && !past(m, text)).sort((a, b) => a!.index - b!.index)[0];
    // (a bracket that opens with a change is an aside on the item before it, not a change: "Galway, Leiden (opened Q4)")
    const asides = lower.replace(/\(([^()]*)\)/g, (m, inner: string) => (cueIn(inner)?.index === inner.length - inner.trimStart().length ? ' '.repeat(m.length) : m));
    const rest = asides.slice(opener);
    const later = opener ? cueIn(rest) : null;
    // (a clause with no word of change whose subject is outside and whose words say what it does to the organization is a
    // change all the same: "Rivals have matched our two-year warranty", "Drivers are leaving for Amazon, which pays £2 an hour more")
    const uncued = !(later ?? cueIn(asides)) && OUTSIDE_ACTOR.test(asides.slice(opener).split(/\s+/).slice(0, 6).join(' ')) && (effectOnUs(asides) !== 0 || THREAT.test(unweighted(asides)) || OPPORTUNITY.test(unweighted(asides))) && clause.some((t) => t.pos === 'VERB' || t.pos === 'AUX') ? /$/.exec(asides) : null;
    const first = later ? Object.assign(later, { index: later.index + opener }) : (cueIn(asides) ?? uncued);
    if (!first) continue;
    const cue = first.index + first[0].length;
    // a clause that opens with its verb ("…, live from 2026, will let rivals …") has the subject of the clause before it
    const subjectless = i > 0 && /^[\s,]*(?:will|would|could|can|may|has|have|is|are|was|were|must|should)\b/.test(lower);
    const before = subjectless ? sentence.text.slice(tokens[spans[0]![0]]!.start - sentence.start, clause[0]!.start - sentence.start).toLowerCase() : '';
    // (a time that opens the clause is no actor: when it is the only cue, the clause's words name who or what acts,
    // "From April the minimum wage rises 6.7%")
    // (so do they when the cue opens the clause as a word of its subject: "Rising interest rates have pushed …")
    const head = first.index < opener || !lower.slice(0, first.index).replace(/^[\s\-•*]+/, '') ? lower.replace(/[,.;]\s*$/, '') : `${before} ${lower.slice(0, cue)}`.trim();
    // (a change named as a noun names its actor after "of": "The arrival of the Tidewater Discovery Centre next year …")
    const ofActor = /\barrival of$/.test(lower.slice(0, cue)) ? lower.slice(cue).search(/[,;.]|\s(?:next|this|in|from|by|will|would|is|are|was|were|has|have)\b/) : 0;
    // (so does a change named as a noun before "of": "the closure of the overseas care worker visa route to new recruits means …")
    const nominal = /(?:closures?|withdrawal|removal|abolition|introduction|loss|end|expiry|scrapping|phasing out)$/.test(lower.slice(0, cue)) && /^\s+of\s/.test(lower.slice(cue));
    const ofPhrase = nominal ? lower.slice(cue).split(/[,;.]|\s(?:means|meant|will|would|is|are|was|were|has|have|from|leaves|left)\b/)[0]! : '';
    const own = outsideNames(clause.filter((t) => t.start - clause[0]!.start <= cue + Math.max(0, ofActor)), ctx.ignore);
    // (a clause that opens with "their" or "its" after a clause naming who acts is that actor's: "Norbrook says … - their price goes up 9%")
    const prior = i > 0 && !own.length && /^[\s,;:\-–—]*(?:their|its)\b/.test(lower) ? tokens.slice(spans[i - 1]![0], spans[i - 1]![1]) : undefined;
    const priorText = prior ? sentence.text.slice(prior[0]!.start - sentence.start, prior.at(-1)!.end - sentence.start) : '';
    const priorNames = prior ? outsideNames(prior, ctx.ignore) : [];
    const inherited = prior !== undefined && (priorNames.length > 0 || TELLS.test(sentence.text.slice(prior[0]!.start - sentence.start).toLowerCase()) || OUTSIDE_ACTOR.test(priorText.toLowerCase().split(/\s+/).slice(0, 5).join(' ')));
    if (inherited) from = prior[0]!.start;
    // (named as written by the one who told it: "Norbrook")
    const tellerWord = inherited && !priorNames.length ? /^[\s\-•*]*(\p{Lu}[\p{L}&'’-]+)\s+(?:says|said|has|have|confirms|confirmed|announces|announced|warns|warned|writes|wrote)\b/u.exec(priorText)?.[1] : undefined;
    // (a line's label before a figure names a measure, not an actor: "Move-in enquiries converted: RED, 23% vs 35% target")
    const labelled = /^[\s\-•*]*([^:]{2,60}):\s*(?:(?:RED|AMBER|GREEN|Red|Amber|Green)[,.]?\s*)?[£$€~]?\d/.exec(text)?.[1] ?? '';
    // (and a measure of doing something to others is the organization's own: "Average days to pay suppliers has stretched to 71")
    if (/^[\s\-•*]*(?:the |our )?(?:average |median |mean |typical )?(?:days?|time|weeks?|hours?|costs?) to [a-z]+ /.test(lower)) continue;
    // (and a label whose head is a measure, before its figure, is that measure's line: "Complaints to the ombudsman: 37 this year vs 21")
    // (unless the label names an outside rule: "Low Emission Zone from 2026: £50/day for older vans")
    if (labelled && judgeByWords(labelled.replace(/^[\s\-•*]+/, '').split(/\s+(?:to|of|at|for|in|on|from|by|with)\s+/)[0]!.toLowerCase()) && !OUTSIDE_TOPIC.test(labelled.toLowerCase())) continue;
    const names = (own.length ? own : tellerWord ? [tellerWord] : priorNames).filter((n) => !labelled.includes(n));
    // ("The regional hospitals. Three of them have asked us …": "them" stands for the sentence before it, an actor of its own)
    // (a clause after a colon spells out the one before it: "fewer competitors: 9 homes within our areas closed")
    const spelled = i > 0 && /:\s*$/.test(sentence.text.slice(0, clause[0]!.start - sentence.start)) && OUTSIDE_ACTOR.test(sentence.text.slice(tokens[spans[i - 1]![0]]!.start - sentence.start, clause[0]!.start - sentence.start));
    // (whoever asks, invites or offers the organization something is outside it: "The regional director has asked the trust to …")
    const asksUs = doneToUs || /\b(?:asked|invited|approached|offered)\s+(?:us|the (?:trust|company|group|firm|business|organi[sz]ation|practice|charity|bank|school|college|university|hospital|club|council|partnership))\b/.test(lower);
    // (whoever tells, confirms or writes what they will do, and is not the organization or one of its people, is outside it:
    // "the auction has confirmed its fees go up …", "Stellantis has written to say it will end …")
    const teller = TELLS.exec(lower);
    const tells = Boolean(teller && (!INSIDE_WORDS.test(teller[1]!) || OUTSIDE_PARTY.test(teller[1]!)) && !teller[1]!.split(/\s+/).some((w) => ctx.ignore.has(w) || ctx.organization.has(w)));
    // (whoever lodges a claim against the organization is outside it: "The GMB has lodged a claim for 8% from April")
    const claimant = /\b(?:lodged|submitted|tabled) (?:a |an )?(?:[\w%.]+ )?(?:pay |wage )?claim\b/.test(lower);
    // (a market that grows is named after its growth as often as before it: "Second-hand fashion is the fastest growing category in Europe")
    const marketGrowth = GROWTH.test(first[0]) && OUTSIDE_ACTOR.test(lower.slice(cue)) && !/\b(?:we|our|us|i)\b/.test(lower) && !measuresIn(head).length && !judgeByWords(head.replace(/\b(?:fastest|fast|growing|grows?|grew|growth)\b/g, ' '));
    // (a workplace or campus that opens near the organization acts on it: "A new hospital opens two miles away in 2026 with 800 staff")
    // (a business nearby that closes, and a strike, act on the organization from outside: "With the closure of the Harbour Road
    // practice, about 3,000 patients are looking for a new dentist"; "A strike at the port has stopped our imports")
    const closedNearby = nominal && /\b(?:practice|surgery|branch|store|shop|clinic|school|nursery|garage|gym|pub|hotel|mill|plant|factory|depot|pharmacy|chemist|bakery|caf[eé]|restaurant|garden centre|dealership|salon)\b/.test(ofPhrase) && !/\b(?:our|its)\b/.test(ofPhrase) && !/\b(?:we|our|us)\b/.test(lower.replace(/\b(?:leaves?|leaving|left|makes?|making) us\b/g, ''));
    const struck = /^[\s\-•*]*(?:a |an |the )?(?:(?:[\w-]+ )?strikes?|industrial action|walk-?outs?) (?:at|by|on|of)\b/.test(lower);
    // (a body named by its initials acts from outside: "The BBC plans to expand local news coverage in our area")
    const initials = /^[\s\-•*]*(?:[Tt]he )?([A-Z]{3,5})(?:'s|’s)? (?:plans?|intends?|proposes?|proposed|announced|launched|opened)\b/.exec(text)?.[1];
    const bodyByInitials = Boolean(initials && !NO_BODY_INITIALS.test(initials) && !ctx.ignore.has(initials.toLowerCase()) && !ctx.organization.has(initials.toLowerCase()));
    // (whatever is built or opened near the organization's own site is someone else's: "Three new budget hotels are planned within a mile of our flagship")
    const builtNearby = ENTRY.test(lower) && /\b(?:within|near|next to|close to|opposite|across the road from|down the road from)\b[^.;]{0,30}\b(?:our|us)\b/.test(lower) && !/^(?:[\s\-•*]*)(?:we|our)\b/.test(lower);
    // (the organization named by what it is, "The group has written off £2.3m of bad debt this year", acts on itself)
    if (/^[\s\-•*]*(?:the|our) (?:group|company|firm|business|organi[sz]ation)\s+(?:has|have|had|is|was|will|wrote|made|spent|lost|paid|took|sold|bought|cut|raised)\b/.test(lower) && !names.length && !tells && !asksUs) continue;
    const actor = builtNearby || spelled || asksUs || tells || inherited || claimant || marketGrowth || losingTo || closedNearby || struck || bodyByInitials || (FOOTFALL.test(lower) && ENTRY.test(lower)) || OUTSIDE_ACTOR.test(head) || names.length > 0 || (opening && Boolean(headed) && OUTSIDE_ACTOR.test(headed)) || (opening && Boolean(heading) && /\b(?:they|them)\b/.test(head) && !ctx.organization.has(heading.toLowerCase()));
    // (a change a rule imposes names the rule after it: "must be converted by 2037 under national policy")
    // (a "which" clause of an outside rule or actor carries it: "… the council's new nitrogen rule, which takes effect in 2026")
    // (or one the clause's subject comes to count for: "co-development spend will count for the games expenditure credit")
    const topic =
      from !== clause[0]!.start ||
      OUTSIDE_TOPIC.test(head) ||
      // (and the prices of what it buys, which markets set: "Freight rates from Asia have tripled")
      INPUT_PRICE.test(head) ||
      OUTSIDE_TOPIC.test(ofPhrase) ||
      /\bunder (?:the |a |new )?(?:\w+ )?(?:policy|law|rules?|regulations?)\b/.test(lower) ||
      // (and a barrier lifted, whoever lifts it: "imports of our main ingredient will be duty-free under the new agreement")
      /\b(?:tariff|duty|quota|customs|visa|levy)[- ]free\b/.test(lower) ||
      /\b(?:for|under|into|towards?) (?:the |a |an )?(?:new )?(?:[\w-]+ ){0,3}?(?:credits?|reliefs?|allowances?|grants?|subsid(?:y|ies)|scheme|programme|reimbursement)\b/.test(lower.slice(cue)) ||
      (opening && Boolean(headed)) ||
      // (a change brought in from a date, that the organization is not said to bring in: "Real-time payment reporting is being phased in from 2027")
      (PHASED_IN.test(lower) && !/\b(?:we|our|us)\b/.test(head));
    // (the organization's own people who will retire are read whoever is named: "Two of our three stillmen retire in the next two years")
    const retiring = RETIRING.test(lower);
    if (!actor && !topic && !retiring) continue;
    // "the 31% concentration on one contract is what the bank keeps asking about": the measure is the subject, the outsider only asks
    if (/^\W*(?:(?:for what it's worth|frankly|honestly)\W+)?(?:the |our |a )?[\d.,]+\s?%? [\w\s-]{2,40}? (?:is|was|are|were) what\b/.test(lower)) continue;
    // a question someone asks ("Mr Haworth asked why matchday income had fallen") is no request for the organization's business
    // (customers who ask about a service enquire about buying it: "Several large employers have asked about corporate memberships")
    const enquiry = /\b(?:customers|clients|employers|businesses|companies|firms|schools|councils|retailers|buyers|tenants|hospitals|trusts|operators|brands|developers|insurers)\b[^.;]{0,40}\basked about\b/.test(lower) && !/\basked about (?:the |our |its )?(?:[\w-]+ )?(?:delays?|problems?|issues?|complaints?|figures?|results?|reasons?|fall|drop|decline|loss|losses|failures?|breach\w*)\b/.test(lower);
    if (/\basked (?:why|about|how|what|when|where|who)\b/.test(lower) && !/\basked (?:us|the \w+) /.test(lower) && !enquiry) continue;
    // (nor is a question of what the organization should do: "Ruth asked whether we should stop competing on price")
    if (DELIBERATION.test(lower)) continue;
    // (nor the rate a funder pays the organization held to its cost, which is the organization's own margin on the work: "The
    // ICB pays £180 a visit against a cost of £210")
    if (PAID_AGAINST_COST.test(lower)) continue;
    // (nor what people say they had expected, the level they hold a result to: "most said they had expected about 14 days")
    if (/\b(?:said|say|says|told us|felt|feel)\s+(?:they|it|we)\s+(?:had\s+|would have\s+|have\s+)?expected\b/.test(lower)) continue;
    // "Customers renewed 97% of contracts that fell due": a rate of the organization's own business that its customers make, not an event
    if (/\b(?:renewed|retained|re-?signed|re-?ordered|returned|came back|stayed|repurchased|recommended|extended)\b[^.;]{0,12}?\d[\d.,]*\s?(?:%|per ?cent\b|of\b|in\b|out of\b)/.test(lower) && !FUTURE.test(lower.replace(/\b(?:fell|falls?|falling|fallen|come|comes|came) due\b/g, ''))) continue;
    // "58 of 63 practices are rated Good by the regulator": the organization's own result, judged by someone outside
    if (/\b(?:are|is|were|was|been) (?:\w+ )?(?:rated|judged|graded|assessed|ranked|scored|certified|accredited|classed|classified)\b[^.;]{0,40}\bby (?:the |an? |its )?/.test(lower)) continue;
    // an outside actor, or a rule, that does something: never a claim about the organization's own results
    // (or the weather, which acts on the organization whenever it is reported: "wettest October on record, ~60% of roof days lost")
    // (or a change only part paid for by the one who funds it: "the pay award of 5.5% is only 3.5% funded by the DfE")
    if (!actor && !RULE.test(lower) && !FUTURE.test(lower) && !WEATHER.test(lower) && !PART_FUNDED_BY.test(lower) && !(nominal && OUTSIDE_TOPIC.test(ofPhrase)) && !(topic && GROWTH.test(first[0]))) continue;
    // (a spelled-out clause is judged with the words of the clause it spells out: "fewer rivals now: 6 garages … closed")
    const judged = spelled ? `${sentence.text.slice(tokens[spans[i - 1]![0]]!.start - sentence.start, clause[0]!.start - sentence.start).toLowerCase()} ${lower}` : lower;
    // (a loss denied is none: "did not lose any top-20 customer")
    // (nor is a journey made shorter: "will cut the journey from London to 55 minutes" brings people nearer)
    const threat = THREAT.test(judged.replace(/\b(?:did not|didn't|have not|haven't|has not|hasn't|never|not) (?:\w+ )?(?:lose|lost|losing)\b/g, ' ').replace(/\b(?:cut|cuts|cutting|halve|halves|halving|shorten|shortens|shortening) (?:the |our |their )?(?:[\w-]+ )?(?:journey|journeys|travel|commute|drive|transit|flight|trip) ?(?:times?)?\b/g, ' '));
    const opportunity = OPPORTUNITY.test(judged);
    // an invitation to bid is an opening whatever else is retendered ("will re-tender lot 1 … and would welcome a bid")
    // (so is a buyer that wants a second supplier and says what the business is worth: "… and want a second supplier -- worth maybe €9m a year")
    const invited = /\b(?:wants?|wanted|need|needs|seeking|seeks) (?:a |an )?(?:second|new|additional|alternative) (?:supplier|source|provider)\b[^.;]{0,30}\bworth\b|\b(?:would welcome (?:a |our )?(?:bid|proposal|tender)|invit\w+ (?:us |the \w+ )?to (?:bid|tender|quote|pitch)|asked us to (?:bid|quote|tender|pitch)|been (?:invited|asked) to (?:bid|tender|quote|pitch|join))\b/.test(judged);
    // (a workplace or campus that opens near the organization brings it people, not rivals, unless the clause names a rival)
    const footfall = (FOOTFALL.test(judged) || drawsPeopleNear(judged)) && !/\b(?:competitors?|competing|rivals?)\b/.test(judged) && !/\b(?:competitors?|rivals?|chains?|bakery|bakeries|caf[eé]s?|restaurants?|stores?|shops?)\b[^.;]{0,30}\bopen/.test(judged);
    // (a rival that closes or leaves frees its customers: "Our biggest competitor closed its Leeds branch")
    const rivalExit = /\b(?:competitors?|rivals?|(?:care |home care |other |largest |biggest )?(?:operators?|providers?|chains?))(?:'s|’s)?\b[^.;]{0,40}?\b(?:closed|closes|closing|shut|shuts|shutting|exited|exits|exiting|went bust|gone bust|(?:went|gone|going|has gone|have gone) into administration|collapsed|ceased trading|withdr[ae]w\w*|pulled out)\b|\b(?:demand|enquiries|orders|bookings|interest|appetite)\b[^.;]{0,50}?\b(?:has |have )?(?:doubled|tripled|grown|grew|risen|rose|increased|jumped|soared|surged|boomed)\b|\b(?:their|its) (?:customers|clients|members|tenants|patients) (?:\w+ ){0,3}(?:looking for|seeking|want(?:ing)?|need(?:ing)?) (?:an? )?(?:alternative|new (?:supplier|provider|partner|home))/.test(judged);
    // (a buyer that cuts what it spends cuts what it spends with the organization: "Two of our top five clients have cut spend")
    const buyerCuts = /\b(?:customers?|clients?|buyers?|members|retailers|distributors|accounts|councils|schools|trusts)\b[^.;]{0,30}\b(?:cut|cuts|cutting|reduc\w+|lower\w*|halv\w+|slash\w*)\s+(?:their |its |back )?(?:[\w-]+ )?(?:spend|spending|budgets?|orders?|purchases|buying)\b/.test(judged);
    // (and money from outside that ends or is withdrawn is money lost, whatever good words the funding has: "The Lottery grant
    // (£240k a year) ends in September", "the council has proposed ending its £60k crisis fund contribution")
    const fundingEnds = /\b(?:grants?|funding|fund|contributions?|subsid(?:y|ies)|sponsorship|donations?)\b(?:\s*\([^)]{0,40}\))?\s+(?:will\s+|is\s+due\s+to\s+)?(?:ends?|ending|expires?|expiring|lapses?|runs? out|stops?|ceases?)\b|\b(?:ending|end|ends|withdraw\w*|scrap\w*|axe\w*|stop(?:s|ping)?) (?:its |their |the )?(?:[£$€]\s?[\d.,]+\s?(?:k|m|bn)?\s+)?(?:[\w-]+ ){0,3}(?:contributions?|funding|grants?|subsid(?:y|ies)|sponsorship)\b|\b(?:grant(?:-in-aid)?s?|grant-in-aid|funding|allocations?|subsid(?:y|ies)|contributions?)\b[^.;]{0,20}?\b(?:will |is set to |is to |are set to |are to )?(?:fall|falls|fell|drop|drops|dropped|be cut|is cut|are cut|was cut|be reduced|is reduced|shrink|shrinks|decline|declines)\b/.test(judged);
    // (and a customer that puts the organization's own contract out to tender may take it away: "Our contract with Brightmart … is up
    // for renewal in April; … they will run a full tender")
    const retender = /\b(?:(?:will|to|going to|plans? to|intends? to) (?:run|hold|go to|put (?:it|the contract|the work|us) out to) (?:a |an )?(?:full |open |competitive |formal |new )?tender|(?:up for|due for) (?:renewal|re-?tender))\b/.test(judged) && /\b(?:our|its current|the current|the existing) (?:[\w-]+ ){0,2}(?:contract|account|business)\b|\b(?:renewal|incumbent)\b/.test(sentence.text.toLowerCase());
    let valence: 1 | -1 | 0 = buyerCuts || fundingEnds || retender ? -1 : SAVING.test(judged) || invited || footfall || rivalExit || /\b(?:would )?consider (?:coming back|returning)\b|\blet (?:the )?(?:[\w-]+ ){0,3}(?:cap|fees?|dues|prices?|rates?|tariffs?)\b[^.;]{0,30}\brise\b/.test(judged) || /\bone of (?:the )?(?:only )?(?:a )?few\b|\bone of only (?:\d+|two|three|four|five|six|a handful)\b|\bswitch\w* (?:away )?from (?:the )?(?:market leader|competitors?|rivals?|incumbents?)\b|\bapproached (?:us|the \w+) (?:about|over|regarding|with|to discuss) (?:a |an |possible |potential )*(?:merger|partnership|joint venture|alliance|collaboration|contract|deal)\b|\b(?:switch\w*|mov(?:e|es|ing)|transfer\w*) (?:(?:their|its|all|some|more|the) )?(?:[\w-]+ ){0,2}to us\b|\b(?:customers|visitors|members|players|golfers|guests|patients|pupils|diners|shoppers|clients|users|riders|passengers|families|swimmers)\b[^.;]{0,60}\b(?:are|is) now (?:[a-z]+ing) (?:here|with us)\b|\bour [\w\s-]{1,30}? (?:is|are) already (?:compliant|certified|approved|accredited|in place|ready)\b|\b(?:making|make|makes) (?:us|our [\w\s-]{1,30}?) more (?:attractive|competitive|accessible|appealing)\b|\b(?:losing|lost|lose) (?:[\w-]+ ){0,3}to us\b|\b(?:will |would )?(?:fund|funds|pay for|pays for|cover|covers|meet|meets) (?:up to |about |around )?(?:half|a third|a quarter|\d+%)[^.;]{0,20}\bof our\b[^.;]{0,20}\bcosts?\b|\b(?:approved|granted|agreed|accepted) (?:our|the company's|the group's) (?:[\w-]+ ){0,2}(?:plan|application|bid|licen[cs]e|permit|proposal|prices?|charges?|tariffs?)\b|\bclosure of (?:the |a |an )?(?:[\w-]+ ){0,3}(?:practice|surgery|branch|store|shop|clinic|school|nursery|garage|gym|pub|hotel|mill)\b|\b(?:legal aid|funding|reimbursement|capitation|per[- ]pupil) (?:rates?|fees?|dues|funding|payments?) (?:for [\w\s-]{1,30}? )?(?:will )?(?:rise|rises|increase|increases|go up|goes up)\b|\b(?:rais|increas|boost|doubl|expand|extend)(?:e|es|ed|ing|s)? (?:the |its |their )?(?:[\w-]+ ){0,2}(?:funding|grants?|subsid(?:y|ies)|reimbursement|capitation)(?! (?:cuts?|gaps?|shortfalls?|thresholds?))\b/.test(sentence.text.toLowerCase()) ? 1 : /\bexpects? (?:savings|a saving|reductions?|discounts?|a cut)\b/.test(lower) ? -1 : threat && !/\bat lower prices\b/.test(lower) ? -1 : opportunity ? 1 : 0;
    let until = clause.at(-1)!;
    let nextFigures: FigureRef[] = [];
    // an announcement whose meaning the next sentence gives, without an actor of its own ("Priya expects £2bn of the work …")
    // (never another item of a list: "- Dental nurses' pay award …" after "- Urgent-care tender …" is a statement of its own)
    if (valence === 0 && ctx.next && i === spans.length - 1 && !/^\s*[-•*▪◦‣]\s/.test(ctx.next.text)) {
      const following = ctx.next.text.toLowerCase();
      // (nor one that opens on a subject of its own, a market's or a population's, with no word that points back to the change:
      // "An online retailer is now offering frames from £39. The population over 65 in our catchment is forecast to grow by 18%")
      const first = ctx.next.tokens.find((t) => t.pos !== 'PUNCT');
      // (and one that opens by turning to something else: "On the other side, the ICB has put out to tender …")
      const turns = /^\W*(?:on the other (?:side|hand)|by contrast|in contrast|however|meanwhile|separately|elsewhere|conversely|on the (?:plus|upside|positive|downside|negative) side)\b/i.test(ctx.next.text);
      const ownSubject = turns || (first !== undefined && /^(?:the|a|an)$/.test(first.lower) && !/^\W*(?:the|this|that) (?:change|move|decision|announcement|tender|contract|deal|scheme|plan|proposal|news|offer|rule|policy|award|framework|opening|closure|review)\b/i.test(ctx.next.text));
      const own = ownSubject || outsideNames(ctx.next.tokens, ctx.ignore).length > 0 || OUTSIDE_ACTOR.test(following.replace(/\bthe work\b/, ''));
      const v = THREAT.test(following) ? -1 : OPPORTUNITY.test(following) ? 1 : 0;
      if (v && !own) {
        valence = v;
        until = ctx.next.tokens.at(-1)!;
        nextFigures = figuresOf(ctx.next, 0, ctx.next.tokens.length);
      }
    }
    if ((threat && opportunity && /\b(?:ask(?:s|ed|ing)?|request\w*) (?:us |the \w+ )?(?:for )?(?:a |an )?(?:[\d.]+% )?(?:price )?(?:cuts?|discounts?|reductions?|rebates?)\b/.test(lower)) || /\b(?:wants?|wanted|asks? for|asked for|asking for|demand(?! for\b)|demands|demanded|pushing for)\b[^.;]{0,30}\b(?:(?:payment|credit) terms|\d+-day terms|cuts?|discounts?|reductions?|rebates?|savings?|(?:personal )?guarantees?|security|collateral|break clauses?)\b/.test(lower) || SELLER_ASKS_MORE.test(lower)) valence = -1;
    // planning granted to someone else near the organization is a rival's, not an opening ("Sunvale has been granted planning for a glasshouse five miles away")
    if (valence === 1 && names.length > 0 && /\bgranted (?:outline |full )?planning\b|\bplanning (?:permission |consent )?(?:was |has been |had been )?granted\b/.test(lower) && /\b(?:miles? (?:away|from)|nearby|near (?:us|our|the)|next to|close to|down the road|across the road|opposite)\b/.test(lower)) valence = -1;
    // what the change does to the organization, said in the clause after it ("…goes up 6.7% in April, which adds £4.2m to our costs")
    let comment: [number, number] | undefined;
    // (a clause after it that says what it does to the organization speaks for it, whatever the change's own words:
    // "Interest rates are forecast to fall, which would cut our interest bill by about £300k")
    if (spans[i + 1]) {
      const [ns, ne] = spans[i + 1]!;
      const rest = sentence.text.slice(tokens[ns]!.start - sentence.start, tokens[ne - 1]!.end - sentence.start).toLowerCase().replace(/^[,;:\s]+/, '');
      const effect = /^(?:which|that|and that|this|and this)\s+(?:would|will|could|should|may|might)\b/.test(rest) ? (SAVING.test(rest) ? 1 : effectOnUs(rest)) : 0;
      if (effect) {
        valence = effect;
        comment = [ns, ne];
      }
    }
    if (spans[i + 1] && !comment) {
      const [ns, ne] = spans[i + 1]!;
      const rest = sentence.text.slice(tokens[ns]!.start - sentence.start, tokens[ne - 1]!.end - sentence.start).toLowerCase().replace(/^[,;:\s]+/, '');
      // (or what the actor's own terms become: "Avico says the culls are behind it - their price goes up 14% from 1 October")
      if (valence === 0 && /^(?:which|that|and that|this|and this|their|its)\b/.test(rest)) {
        valence = THREAT.test(rest) ? -1 : OPPORTUNITY.test(rest) ? 1 : 0;
        if (valence) comment = [ns, ne];
      } else if (valence !== 0 && /^(?:their|its)\s/.test(rest) && !outsideNames(tokens.slice(ns, ne), ctx.ignore).length) {
        // (a clause on the same actor's people or plans that goes on with the change is part of it, never a second change:
        // "…is up for renewal in April; their new logistics director has said they will run a full tender")
        comment = [ns, ne];
      }
    }
    if (comment) {
      until = tokens[comment[1] - 1]!;
      nextFigures = figuresOf(sentence, comment[0], comment[1]);
      i++;
    }
    // what the change does, said in a clause after it with no subject of its own ("…, which takes effect in 2027 and limits summer pumping")
    // (or, further on, what the organization should do about it: "…; we should be ready to sell to them")
    for (let j = i + 1; valence === 0 && spans[j] && (j === i + 1 || /^[\s,;:]*(?:that|this|which|it)\b|\b(?:we|our|us)\b/.test(sentence.text.slice(tokens[spans[j]![0]]!.start - sentence.start, tokens[spans[j]![1] - 1]!.end - sentence.start).toLowerCase())); j++) {
      const [ns, ne] = spans[j]!;
      const rest = sentence.text.slice(tokens[ns]!.start - sentence.start, tokens[ne - 1]!.end - sentence.start).toLowerCase().replace(/^[,;:\s]+/, '');
      // (or what it lets the organization's own customers do: "members will be able to cancel within 10 days")
      // (a right it gives them is one more obligation for the organization, unless the clause says what it gains)
      if (/^(?:and )?(?:members|customers|clients|users|tenants|passengers|guests|patients|residents|buyers|subscribers) (?:will|would|can|could|may) (?:now )?(?:be able to|be allowed to|have the right to)\b/.test(rest)) valence = OPPORTUNITY.test(rest) && !THREAT.test(rest) ? 1 : -1;
      // (or what losing it would cost: "…are due in March; losing either would take about £30m of work out of next year")
      else if (/^(?:and |but )?(?:losing|to lose|the loss of|failing to (?:renew|win|retain|keep))\b/.test(rest)) {
        valence = -1;
        until = tokens[ne - 1]!;
        nextFigures = figuresOf(sentence, ns, ne);
      }
      else if (/^(?:and |but )?(?:limits?|cuts?|bans?|requires?|raises?|adds?|lets?|allows?|caps?|restricts?|reduces?|removes?|opens?|doubles?|halves?|forces?)\b/.test(rest)) valence = THREAT.test(rest) ? -1 : OPPORTUNITY.test(rest) ? 1 : 0;
      // or its effect on the organization, in a clause of its own that names no outside actor ("…; 40% of our vans would be charged")
      else if (/\b(?:our|us|we)\b/.test(rest) && !OUTSIDE_ACTOR.test(rest.split(/\s+/).slice(0, 4).join(' '))) valence = SAVING.test(rest) ? 1 : THREAT.test(rest) ? -1 : OPPORTUNITY.test(rest) ? 1 : 0;
    }
    // (a market's own move says which way it goes for every seller in it: "while the UK market as a whole was down 2%")
    if (valence === 0 && /\b(?:the |our |uk |us |eu |global |national |local |wider |whole |overall )*(?:market|demand|industry|sector)(?: as a whole| overall)? (?:is |was |has been |were |are )?(?:down|fell|fallen|falling|declined|declining|shrank|shrinking|contracted|contracting)\b/.test(lower)) valence = -1;
    if (valence === 0) {
      // an outside trend the sources do not judge: as what the organization was just said to do on the same subject
      // (the subject is in its words, not its verbs: "for the fourth year running" shares no subject with "churn is running at 1.8%")
      const verbs = new Set(tokens.filter((t) => t.pos === 'VERB' || t.pos === 'AUX' || t.pos === 'ADV').map((t) => t.lower));
      const words = new Set((lower.match(/\p{L}{5,}/gu) ?? []).filter((w) => !verbs.has(w) && !/^(?:their|there|which|about|these|those|would|could|should|clients?|customers?|increasingly)$/.test(w)));
      const near = related.filter((c) => c.evidence_id === ctx.evidence_id && Math.abs(c.order - ctx.order) <= 2 && c.valence !== 0 && (c.sentence.toLowerCase().match(/\p{L}{5,}/gu) ?? []).some((w) => words.has(w)));
      valence = near[0]?.valence ?? 0;
    }
    // what the change does to one of the organization's own measures, in this clause or one after it ("…, keeping our borrowing costs high")
    if (valence === 0) valence = effectOnUs(sentence.text.slice(clause[0]!.start - sentence.start).toLowerCase());
    // what takes income or work out of the organization's year is a threat, whatever word the change itself uses ("…
    // paused its capital programme following a funding review, which takes about £900k of fees out of next year's pipeline")
    if (TAKES_OUT.test(sentence.text.slice(clause[0]!.start - sentence.start).toLowerCase())) valence = -1;
    // a rule that comes to apply, and no word of what it opens up: one more obligation to meet
    const ruleText = from !== clause[0]!.start ? sentence.text.slice(from - sentence.start, clause.at(-1)!.end - sentence.start).toLowerCase() : lower;
    // (a buyer's framework the organization is invited to bid for is an opening: "The council's new design-quality framework
    // opens in January; we have been invited to bid for 3 of the 6 lots")
    if (valence === 0 && /\b(?:we|we've|we have|we were|we are)\s+(?:been\s+|now\s+|also\s+)*(?:invited|asked|shortlisted|selected)\s+to\s+(?:bid|tender|quote|pitch)\b/.test(sentence.text.toLowerCase())) valence = 1;
    if (valence === 0 && RULE.test(lower) && /\b(?:law|act|rules?|regulations?|directive|standards?|timescales?|limits?|framework|code)\b/.test(ruleText)) valence = -1;
    // a levy or a charge that comes to apply costs the organization money, unless it says what it brings
    const written = sentence.text.slice(clause[0]!.start - sentence.start, clause.at(-1)!.end - sentence.start).toLowerCase();
    if (valence === 0 && /\b(?:levy|levies|tax|taxes|duty|duties|charge|charges|fees?|dues)\b/.test(written) && /\b(?:charged|introduced|applied|levied|invoiced|payable|imposed)\b/.test(written)) valence = -1;
    // an outside actor that opens, launches or enters where the organization trades is a rival's move, unless it says what it opens up
    // (but one that opens near a site of the organization's and sells something else brings it people: "A logistics company is
    // opening a 900-job distribution centre two miles from our café")
    if (valence === 0 && actor && ENTRY.test(lower.slice(opener)) && !/\b(?:for us|with us|to us|our partner|as (?:a |our )?partner)\b/.test(lower)) {
      valence = drawsPeopleNear(lower) ? 1 : -1;
    }
    // (a change whose cost the next sentence estimates is one more cost: "From June 2026 every new plot needs a heat pump … Our QS puts it at £6,500 a plot")
    if (valence === 0 && i === spans.length - 1 && ctx.next && ESTIMATE.test(ctx.next.text)) valence = -1;
    // what the sentence says the change does to the organization, in words of its own, settles it whatever the cue lists
    // say ("The ban on single-use vapes comes into force in June; our refillable range is the obvious replacement")
    // (as does supply added near the organization at lower prices: "Two new self-storage blocks opposite our site will open … at lower prices")
    const saysHarm = DOES_US_HARM.test(withoutWho(lower)) || (/\b(?:opposite|next (?:door )?to|near|beside|across the (?:road|street) from|down the road from|(?:miles?|metres|meters|yards) from) our\b/.test(lower) && LOWER_PRICE.test(lower));
    const saysGood = DOES_US_GOOD.test(withoutWho(sentence.text.toLowerCase()));
    // (it turns a change the cue lists placed; it never makes one of a clause they left unplaced)
    if (valence !== 0 && saysGood !== saysHarm && !DOES_US_HARM.test(withoutWho(sentence.text.toLowerCase()))) valence = saysGood ? 1 : -1;
    else if (valence === 1 && saysHarm && !saysGood) valence = -1;
    if (valence === 0 && retiring) valence = -1;
    if (valence === 0) continue;
    // the clause after it that goes on about the same change ("…, and that market is growing about 20% a year") is part of it
    const after = spans[i + 1];
    if (after && until === clause.at(-1)) {
      const rest = sentence.text.slice(tokens[after[0]]!.start - sentence.start, tokens[after[1] - 1]!.end - sentence.start).toLowerCase();
      const v = THREAT.test(rest) ? -1 : OPPORTUNITY.test(rest) || GROWTH.test(rest) ? 1 : 0;
      // (or one that names no outside actor of its own and says the same kind of thing: "…; management estimates that 30% of farms will need to cut herds")
      const own = OUTSIDE_ACTOR.test(rest.replace(/^[,;:\s]+/, '').split(/\s+/).slice(0, 4).join(' '));
      // (and a clause after a dash that sizes it, naming no actor of its own: "… from April 2027 - each consignment checked, roughly €65 per check")
      const dashed = /\s[-–—]\s*$/.test(sentence.text.slice(0, tokens[after[0]]!.start - sentence.start));
      // (or that estimates what it costs: "…from October 2026; we estimate about £1,600 a plot")
      const costed = !own && /^(?:and |but )?(?:we |the [\w-]+ |our [\w-]+ )?(?:estimates?|estimated|reckons?|puts? it|expects?)\b[^.;]{0,40}[£$€]?\d/.test(rest.replace(/^[,;:\s]+/, ''));
      if ((v === valence && (/^(?:and |but )?(?:that|this|these|those|it|they|other|the same)\b/.test(rest.replace(/^[,;:\s]+/, '')) || (!own && /\d/.test(rest)))) || (dashed && v !== -valence && !own && /\d/.test(rest)) || (costed && v !== -valence)) {
        until = tokens[after[1] - 1]!;
        nextFigures = [...figuresOf(sentence, after[0], after[1]), ...nextFigures];
        i++;
      }
    }
    // a change stated without a figure is sized by the first clause after it in the sentence that gives one in money or as a
    // share and names no actor of its own ("… is being phased in from 2026 and our billing system cannot handle it yet: the
    // upgrade is budgeted at £24m"), unless a contrast comes first
    if (!nextFigures.length && until === tokens[(spans[i]?.[1] ?? ce) - 1] && !figuresOf(sentence, cs, spans[i]![1]).some((f) => f.unit)) {
      for (let j = i + 1; j < spans.length; j++) {
        const [ns, ne] = spans[j]!;
        const rest = sentence.text.slice(tokens[ns]!.start - sentence.start, tokens[ne - 1]!.end - sentence.start).toLowerCase().replace(/^[,;:\s]+/, '');
        if (/^(?:but|while|whilst|whereas|although|though|however|yet|on the other hand)\b/.test(rest) || OUTSIDE_ACTOR.test(rest.split(/\s+/).slice(0, 4).join(' ')) || outsideNames(tokens.slice(ns, ne), ctx.ignore).length) break;
        const sized = figuresOf(sentence, ns, ne).filter((f) => /^(?:[£$€]|%)$/.test(f.unit) || /^[£$€]/.test(f.text));
        if (!sized.length) continue;
        // (a clause that states a judged measure of the organization's own is a finding of its own: "…, and I am pleased to
        // report that our adjusted net assets stand at £130, above the regulator's £115 target")
        if (related.some((c) => c.kind !== 'event' && c.evidence_id === ctx.evidence_id && c.valence !== 0 && c.clause !== undefined && c.clause.start >= tokens[ns]!.start && c.clause.end <= tokens[ne - 1]!.end)) break;
        until = tokens[ne - 1]!;
        nextFigures = sized;
        i = j;
        break;
      }
    }
    // the sentence after it that sizes it and names no actor of its own ("These routes earned £19m last year", "That could take
    // 8% of our volume") is its consequence: its figures are the event's
    // (or that says what it does to the organization a few words in: "On today's mix we think that takes about £9m a year out of revenue")
    // (or someone's estimate of what it costs, whoever makes it: "Customer Care estimates premiums of about £90k a year")
    const consequence = (text: string) => /^(?:[-•*]\s*)?(?:[A-Z]{1,3}:\s*)?(?:this|that|these|those)\b/i.test(text) || ESTIMATE.test(text) || /^(?:they|it) (?:were|was|are|is|account(?:s|ed)? for|make|makes|made|bring|brings|brought)\s+(?:about |around |some |worth )?[£$€]?\d/i.test(text) || /^(?:\S+\s+){0,7}(?:that|this|it)\s+(?:would |will |could |may |might )?(?:takes?|costs?|adds?|cuts?|means?|puts?|removes?|wipes?|reduces?|hits?|knocks?|saves?|brings?)\b/i.test(text);
    if (!nextFigures.length && until === clause.at(-1) && i === spans.length - 1 && ctx.next && consequence(ctx.next.text) && /\d/.test(ctx.next.text) && (ESTIMATE.test(ctx.next.text) || (outsideNames(ctx.next.tokens, ctx.ignore).length === 0 && !OUTSIDE_ACTOR.test(ctx.next.text.split(/\s+/).slice(0, 3).join(' '))))) {
      until = ctx.next.tokens.at(-1)!;
      nextFigures = figuresOf(ctx.next, 0, ctx.next.tokens.length);
    }
    // a clause that ends inside a noun phrase ("… granted for a second", "with the pound weaker Dutch") runs on into the next
    let runOn = ce;
    for (let j = i; until.end <= sentence.end && until === tokens[runOn - 1] && spans[j + 1] && spans[j + 1]![0] === runOn + (tokens[runOn]?.text === ',' ? 1 : 0) && (['ADJ', 'DET', 'ADP', 'CCONJ'].includes(until.pos) || /^(?:second|third|first|new|other)$/i.test(until.text)); j++) {
      runOn = spans[j + 1]![1];
      until = tokens[runOn - 1]!;
    }
    const figures = [...figuresOf(sentence, cs, runOn), ...nextFigures];
    const headsIt = opening && Boolean(headed || (heading && /\b(?:they|them)\b/i.test(text)));
    const dimension = DIMENSION_OF.find(([re]) => re.test(lower))?.[1] ?? 'Market & Customers';
    // (the people who will retire are who the change is about: "Two of our three stillmen retire …" is the stillmen's)
    const retiringWho = retiring ? /\b((?:(?!(?:one|two|three|four|five|six|several|some|many|half|most|all|our|the|its|of|\d+)\b)[\w-]+ )?[a-z-]+(?:s|men))\b[^.;]{0,20}?\b(?:will |are due to |are set to |are about to )?(?:retire|reach)/.exec(lower)?.[1] : undefined;
    const actorWords = retiringWho ?? actorPhrase(clause, cue, names);
    // what an outsider found when it assessed the organization, and the organization's own people who will retire, are the
    // organization's own state, not a change outside it ("The FDA inspection closed with 5 observations on Form 483";
    // "38% of crane operators will reach retirement age within five years")
    const assessed = ASSESSED_US.test(lower) && !FUTURE.test(lower.replace(ASSESSED_US, ' '));
    if (retiring) valence = -1;
    // (what an outsider did that the sentence gives as the cause of the organization's own fall is a threat: "Gross margin
    // slipped to 61.8%, mainly because drug costs rose faster than our prices after our buying group changed its rebate terms")
    if ((/^(?:(?:mainly|partly|largely|mostly|chiefly|in part) )?because\b(?! of)/.test(lower.replace(/^[\s,;:]+/, '')) || /\bbecause\b(?! of)/.test(sentence.text.slice(0, Math.max(0, clause[0]!.start - sentence.start)))) && related.some((c) => c.kind !== 'event' && c.valence === -1 && c.evidence_id === ctx.evidence_id && c.start === sentence.start)) valence = -1;
    out.push({
      evidence_id: ctx.evidence_id,
      start: sentence.start,
      end: until.end,
      sentence: until.end > sentence.end && ctx.next ? `${sentence.text}${' '.repeat(Math.max(1, ctx.next.start - sentence.end))}${ctx.next.text}` : sentence.text,
      order: ctx.order,
      ...EVENT_FIELDS,
      key: `ev:${actorWords.toLowerCase()}:${(THREAT.exec(lower) ?? OPPORTUNITY.exec(lower) ?? FUTURE.exec(lower))?.[0]?.toLowerCase() ?? ''}`,
      name: actorWords,
      dimension,
      subject: actorWords,
      entity: names[0] ?? '',
      figures,
      // (a count in words is what the event counts, "Two framework renewals …", and a figure in digits says what it is worth)
      ...(figures[0] ? { current: /\d/.test(figures[0].text) ? figures[0] : (figures.find((f) => /\d/.test(f.text)) ?? figures[0]) } : {}),
      valence,
      ...(assessed || retiring ? { external: false } : {}),
      forecast: FUTURE.test(lower),
      clause: { start: from, end: until.end },
      ...(headsIt
        ? { antecedent: { start: ctx.previous!.start, end: ctx.previous!.end, text: headed || heading, ...(/\b(?:it|them)\b/i.test(text) ? {} : { heading: true }) } }
        : {}),
      ...(!headsIt && ctx.previous && /\b(?:it|them)\b/i.test(text) && ctx.previous.tokens.length <= 6 && !ctx.previous.tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX')
        ? { antecedent: { start: ctx.previous.start, end: ctx.previous.end, text: ctx.previous.text.replace(/^\s*(?:[A-Z]{1,3}:\s*)/, '').replace(/[.:]+$/, '') } }
        : {}),
    });
  }
  // (what no cue of the lists reads, the grammar of the sentence's first clause may: who acts, and how)
  if (!out.length) {
    const framed = framedEvent(sentence, ctx);
    if (framed) out.push(framed);
  }
  return out;
}

/** What an inspection, an audit or a review of the organization found: its own findings ("closed with 5 observations", "found two minor non-conformities"). */
const ASSESSED_US =
  /\b(?:inspection|audit|review|assessment|inspectors?|auditors?|assessors?)\b[^.;]{0,60}?\b(?:found|finds|closed with|raised|identified|recorded|issued|noted|resulted in|ended with)\b[^.;]{0,40}?\b(?:observations?|findings?|non-?conformit(?:y|ies)|deficienc(?:y|ies)|breaches|failings?|failures?|shortcomings|weaknesses|warnings?|improvement notices?|majors?|minors?|criticals?)\b/;

/** The organization's people who will retire: a share or a number of its staff at or near retirement age. */
const RETIRING =
  /\b(?:two|three|four|five|six|several|some|many|half|most|all|\d+) of (?:our|the|its) (?:[\w-]+ ){0,2}[a-z-]+(?:s|men)\b[^.;]{0,20}?\b(?:will |are due to |are set to |are about to )?retire\b|\b(?:staff|employees|workforce|operators|drivers|engineers|nurses|doctors|gps|consultants|teachers|technicians|fitters|pilots|crew|carers|managers|partners|electricians|welders|machinists|craftsmen|tradespeople|workers|colleagues)\b[^.;]{0,30}?\b(?:will |are due to |are set to |could |may )?(?:reach(?:es|ing)? (?:state |normal )?(?:retirement|pension) age|retire|are (?:over|aged over|older than) (?:55|60|65)|are eligible to retire)\b/;

/** A change brought in from a date: "is being phased in from 2027", "will be introduced in April", "comes into force next year". */
const PHASED_IN = /\b(?:(?:is|are|will be) (?:being |to be )?(?:phased in|introduced|rolled out|brought in)|comes? into force|takes? effect)\b[^.;]{0,30}?\b(?:from|in|by|on) (?:(?:19|20)\d{2}|next|january|february|march|april|may|june|july|august|september|october|november|december)\b/;

/** An approval the organization waits on from outside: who grants it (or what is granted), and the condition's clause. */
const APPROVAL_CONDITION =
  /\b(?:if|once|when|subject to|provided)\s+(?:the |a |an |our |its |their )?((?:[\w'’&-]+ ){0,8}?[\w'’&-]+)\s+(?:approves?|grants?|awards?|signs? off|is (?:approved|granted|extended|awarded|renewed|signed off|consented)|are (?:approved|granted|extended|awarded|renewed)|gets? (?:approved|the go-ahead|consent|planning)|goes through)\b/i;
/** A move of a currency, a rate or a price, and what it would do: a condition ("if the euro gets stronger …, …") or a sensitivity ("a 10-cent fall in sterling … would take …"). */
const MARKET_MOVE =
  /(?:^|[\s:;,(-])if\s+(?:the\s+)?((?:pound|sterling|dollar|euro|yen|yuan|currency|exchange rate|interest rate|base rate|oil price|fuel price|gas price|energy price|wheat price|milk price)s?)\b[^.;,]{0,50}\b(?:gets?|goes|go|rises?|falls?|strengthens?|weakens?|moves?|drops?|climbs?|stays?)\b[^.;]{0,30},\s*[^.;]{0,80}\b(?:lose|loses|cost|costs|take|takes|cut|cuts|gain|gains|save|saves|add|adds|hit|hits|squeeze|squeezes|wipe|wipes|go up|goes up|go down|goes down)\b|\b(?:a|an|every|each)\s+[\w.-]+\s+(?:fall|drop|rise|increase|move|change|strengthening|weakening)\s+in\s+(?:the\s+)?((?:pound|sterling|dollar|euro|yen|yuan|currency|exchange rate|interest rate|base rate|oil price|fuel price|gas price|energy price)s?)\b[^.;]{0,60}\b(?:would|could|will)\b/;

/** Debt that falls due while its lender has not agreed to renew it, or will renew only on worse terms. */
const REFINANCING =
  /\b(?:facility|facilities|loan|loans|notes|bonds?|debt|overdraft|rcf)\b[^.;]{0,40}\b(?:matures?|expires?|falls? due|is due for renewal|comes? up for renewal)\b[^.;]{0,80}\b(?:(?:has|have) not (?:yet )?(?:agreed|confirmed|approved|committed)|(?:will|would) (?:only )?renew (?:it )?only|only at a higher|not (?:yet )?been (?:agreed|renewed|extended)|no (?:agreement|commitment))\b/;

/** Who approves inside the organization: its decision is the organization's own, not an outside event. */
const INSIDE_APPROVER = /\b(?:board|we|management|directors?|trustees|shareholders|owners?|family|investment committee|executive|exec|ceo|cfo|chair|partners' meeting)\b/i;
/** What an outside approval is for or from: a public body, a permission, a connection, a contract or a deal. */
const OUTSIDE_APPROVAL = /\b(?:planning|grid|council|icb|nhs|regulator|ofgem|ofwat|ofcom|cma|fca|pra|committee|inspectors?|inspectorate|minister|ministry|secretary of state|government|authority|commission(?:ers)?|permits?|licen[cs]es?|consents?|applications?|connections?|contracts?|bids?|tenders?|incentive|deals?|funding|grants?|agency|department|landlord|lender|bank|port|airport|ofsted|cqc|mergers?|acquisitions?|takeovers?)\b/i;

/**
 * A sentence that makes something wait on an outside approval ("If the county council approves the outline application,
 * we get 40 acres to let", "output doubles in 2027 if the grid connection is approved"): one event, the whole sentence,
 * an opening unless the sentence says what the organization would lose.
 */
function approvalEvent(sentence: ParsedSentence, ctx: EventContext): Claim | undefined {
  const text = sentence.text;
  const lower = text.toLowerCase();
  // (a question, a heading or a proposal of the organization's own states nothing that waits)
  if (text.trimEnd().endsWith('?') || !sentence.tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return undefined;
  const m = APPROVAL_CONDITION.exec(text);
  const approval = m !== null && !INSIDE_APPROVER.test(m[1]!) && OUTSIDE_APPROVAL.test(m[1]!) && !m[1]!.split(/\s+/).some((w) => ctx.organization.has(w.toLowerCase()));
  // (so does what a move of a currency, a rate or a price would do to it: "If the euro gets stronger against the dollar, the US
  // boats lose money", "A 10-cent fall in sterling against the dollar would take about 2pp off gross margin")
  const moved = approval ? null : MARKET_MOVE.exec(lower);
  // (and a facility that falls due, with its lender's terms not agreed: "The £8m revolving credit facility matures in September
  // 2026 and the bank has not yet agreed terms for its renewal")
  const refinancing = !approval && !moved && REFINANCING.test(lower);
  if (!approval && !moved && !refinancing) return undefined;
  const valence: 1 | -1 = refinancing ? -1 : approval
    ? THREAT.test(lower) && !OPPORTUNITY.test(lower) ? -1 : 1
    : (SAVING.test(lower) || /\b(?:gain|gains|save|saves|cheaper|boost|boosts)\b/.test(lower) || /\b(?:costs?|bills?|spend)\b[^.;]{0,20}\b(?:go(?:es)? down|fall|falls|drop|drops)\b/.test(lower)) &&
        !(/\b(?:lose|loses|lost|off|hit|hits|squeeze|squeezes|wipe|wipes|costs? us)\b/.test(lower) || /\b(?:costs?|bills?)\b[^.;]{0,20}\b(?:go(?:es)? up|rise|rises)\b/.test(lower))
      ? 1
      : -1;
  // (the figure that sizes it leads: "€0.6m", not the "five" of "every five cents")
  const figures = figuresOf(sentence, 0, sentence.tokens.length).sort((a, b) => Number(!a.unit) - Number(!b.unit));
  const bare = (approval ? m[1]! : moved ? (moved[1] ?? moved[2] ?? 'market') : 'lender').replace(/^(?:the|a|an)\s+/i, '');
  const name = bare.charAt(0).toUpperCase() + bare.slice(1);
  return sentenceEvent(sentence, ctx, { key: `ev:${name.toLowerCase()}:${approval ? 'approval' : refinancing ? 'refinancing' : 'market move'}`, name, dimension: 'Risks & Compliance', figures, valence, forecast: true });
}

/** An event that outweighs a measure read in its clause: a request or an invitation from outside, a market forecast to grow. */
export const outweighsMeasure = (text: string): boolean =>
  /\b(?:ha(?:s|ve|d) asked (?:us|whether|if|for (?:a |our )?(?:quotes?|quotations?|proposals?|prices?|a bid|tenders?))|asked (?:us|whether we|if we)|would welcome|(?:is|are) (?:forecast|projected) to (?:grow|rise)|(?:is|are) expected to (?:grow|rise)|invit\w+ (?:us|the \w+) to)\b/i.test(text);

/** Whether a sentence reports what someone outside told the organization they will or want to do ("Pennine Housing has told us they want to buy …"). */
export const outsideTeller = (text: string): boolean => {
  const m = TELLS.exec(text.toLowerCase());
  return m !== null && (!INSIDE_WORDS.test(m[1]!) || OUTSIDE_PARTY.test(m[1]!));
};

/** Whether a sentence's subject is outside the organization ("The landlord wants to …", "Our largest supplier has told us …"). */
export const outsideSubject = (text: string): boolean =>
  // (a body named by its initials: "The BBC plans to …")
  !NO_BODY_INITIALS.test(/^[\s\-•*]*(?:[Tt]he )?([A-Z]{3,5})(?:'s|’s)? (?:plans?|intends?|proposes?|announced|launched|opened)\b/.exec(text)?.[1] ?? 'NPS') ||
  OUTSIDE_ACTOR.test(
    text
      .toLowerCase()
      .replace(TIME_OPENER, '')
      .split(/\s+/)
      .slice(0, 6)
      .join(' '),
  );

/**
 * Who acts from outside, read from the head word of a clause's subject, and what kind of party that is to the organization:
 * a rival, a buyer or the demand it serves, a seller of what it buys (a landlord, an insurer, a bank), an authority, a price
 * or a rate it pays, a neighbour that brings people near it (a hospital, a university, a festival, a new road) or a hazard.
 */
type Party = 'rival' | 'buyer' | 'seller' | 'authority' | 'cost' | 'neighbour' | 'hazard' | 'named' | 'deal';
const PARTY_OF: [Party, RegExp][] = [
  ['rival', /^(?:competitors?|rivals?|chains?|brands|platforms|apps|marketplaces|newcomers|disruptors|supermarkets?|discounters?|start-?ups?|imports|entrants?|incumbents?|challengers?|aggregators?|surger(?:y|ies)|practices|clinics|providers?|hyperscalers?|operators|agencies|consultancies|franchises|multiples)$/],
  ['buyer', /^(?:customers?|clients?|buyers?|shoppers?|consumers?|tourists?|visitors?|students|patients|brides|couples|families|households|homeowners|drivers|diners|guests|travell?ers|passengers|members|subscribers|users|tenants|employers|schools|trusts?|associations|developers|housebuilders|homebuilders|builders|architects|specifiers|installers|retailers|e-?tailers|organi[sz]ers|promoters|wholesalers|distributors|importers|exporters|manufacturers|hospitals|councils|insurers(?= (?:are|have) (?:asking|looking|buying))|demand|enrolments|intake|bookings|orders|enquiries|spending|budgets)$/],
  ['seller', /^(?:landlords?|freeholders?|landowners?|insurers?|franchisors?|lenders?|banks?|suppliers?|couriers?|merchants?|brokers?|wholesalers|mills?|utilit(?:y|ies)|processors?|acquirers?|vendors?|licensors?|wholesaler|distributor|hauliers?|carriers?|refiner(?:y|ies)|foundr(?:y|ies)|producers?|growers?|farmers?|maker)$/],
  ['authority', /^(?:government|governments|grid|icb|ccg|commissioners?|council|borough|county|municipality|mayor|ministry|department|regulators?|authority|authorities|eu|commission|parliament|treasury|hmrc|state|states|agency|inspectorate|ofsted|cqc|ofgem|ofwat|ofcom|fca|nhs|caa|faa|easa|fda|ema|mhra|pra|cma|ofqual|orr|hse|sec|epa|ftc|ico|tpr|dvsa|ukhsa|eba|esma|ecb|regime|framework|zone|planners|association|federation|ombudsman|tribunal|court|courts|standards|rules?|regulations?|law|laws|act|directive|budget|reforms?|policy|levy|scheme)$/],
  // (not "costs", "wages" or "pay": the organization's own spend, "material costs rose", "pay rose 4%")
  ['cost', /^(?:prices?|rates?|tariffs?|duties|duty|taxes|tax|premiums?|rents?|fees?|dues|levies|tolls?|charges?|royalt(?:y|ies)|freight|inflation|interest|quotas?|excise|vat|commissions?)$/],
  ['neighbour', /^(?:hospitals?|university|universities|college|colleges|school|festival|stadium|arena|airport|airlines?|port|station|bypass|bridge|tunnel|road|railway|line|tram|route|routes|lanes|cycleways?|busways?|link|extension|motorway|junction|interchange|terminal|employer|firm|company|business|group|developer|development|estates?|wing|village|park|campus|hub|centre|center|towers?|blocks|distillery|brewery|factory|plant|operator|expansion|office|offices|retailer|hotels?|venue)$/],
  // (a deal the organization holds, which ends or is renewed: "The lease on the main warehouse ends in 2026")
  ['deal', /^(?:lease|leases|contract|contracts|agreement|licen[cs]e|facility|overdraft|franchise|concession|tenancy|deal|subsidy|warranty|patent|patents|exclusivity)$/],
  ['hazard', /^(?:weather|rain|rainfall|drought|storms?|floods?|flooding|heatwaves?|snow|frost|levels|attacks?|fraud|shoplifting|crime|theft|thefts|disease|outbreaks?|strikes?|shortages?|cyber-?attacks?|ransomware|pests?|virus)$/],
];

/** A buyer's head word that names a flow of business, the organization's own when it is "our": "our bookings", "our orders". */
const OWN_FLOW = /^(?:demand|enrolments|intake|bookings|orders|enquiries|spending|budgets|sales|volumes?)$/;

/** The words of a move: a party grows or adds, cuts or leaves, lays a burden, asks for what the organization sells, or gives. */
type Move = 'up' | 'down' | 'burden' | 'ask' | 'give' | 'means' | 'says';
const MOVE_OF: [Move, RegExp][] = [
  ['means', /^(?:means?|meant)$/],
  ['says', /^(?:consult(?:s|ed|ing)?|propos(?:e|es|ed|ing)|rul(?:e|es|ed|ing)|told|tells?|warn(?:s|ed|ing)?|announc(?:e|es|ed|ing)|confirm(?:s|ed|ing)?|decid(?:e|es|ed|ing)|said|says|written|wrote|notif(?:y|ies|ied)|signall?(?:s|ed|ing)?)$/],
  ['ask', /^(?:ask(?:s|ed|ing)?|invit(?:e|es|ed|ing)|outsourc(?:e|es|ed|ing)|tender(?:s|ed|ing)?|book(?:s|ed|ing)?|prefer(?:s|red|ring)?|want(?:s|ed|ing)?|seek(?:s|ing)?|sought|order(?:s|ed|ing)?|reopen(?:s|ed|ing)?|retrofit(?:s|ted|ting)?|switch(?:es|ed|ing)? to|look(?:s|ed|ing)? for)$/],
  ['burden', /^(?:charg(?:e|es|ed|ing)|introduc(?:e|es|ed|ing)|re-?tender(?:s|ed|ing)?|refus(?:e|es|ed|ing)|declin(?:e|es|ed|ing)|requir(?:e|es|ed|ing)|demand(?:s|ed|ing)?|serv(?:e|es|ed|ing)|redevelop(?:s|ed|ing)?|ban(?:s|ned|ning)?|restrict(?:s|ed|ing)?|squeez(?:e|es|ed|ing)|undercut(?:s|ting)?|pric(?:e|es|ed|ing)|merg(?:e|es|ed|ing)|poach(?:es|ed|ing)?|washe?d?|wash(?:es|ing)|flood(?:s|ed|ing)|must|cancel(?:s|led|ling)?|reset(?:s|ting)?|terminat(?:e|es|ed|ing)|impos(?:e|es|ed|ing)|withhold(?:s|ing)?|withheld|delay(?:s|ed|ing)?|tighten(?:s|ed|ing)?|sell(?:s|ing)?|sold|offer(?:s|ed|ing)?|cost(?:s|ing)?)$/],
  ['give', /^(?:giv(?:e|es|en|ing)|gave|pay(?:s|ing)?|paid|fund(?:s|ed|ing)?|grant(?:s|ed|ing)?|approv(?:e|es|ed|ing)|award(?:s|ed|ing)?|nam(?:e|es|ed|ing)|subsidi[sz](?:e|es|ed|ing)|support(?:s|ed|ing)?|back(?:s|ed|ing)?|restor(?:e|es|ed|ing)|relax(?:es|ed|ing)?|eas(?:e|es|ed|ing)|lift(?:s|ed|ing)?)$/],
  ['up', /^(?:sign(?:s|ed|ing)?|fl(?:y|ies|ying)|sail(?:s|ing)?|ris(?:e|es|ing)|rose|risen|rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|doubl(?:e|es|ed|ing)|tripl(?:e|es|ed|ing)|grow(?:s|ing|n)?|grew|expand(?:s|ed|ing)?|add(?:s|ed|ing)?|boost(?:s|ed|ing)?|extend(?:s|ed|ing)?|open(?:s|ed|ing)?|launch(?:es|ed|ing)?|start(?:s|ed|ing)?|enter(?:s|ed|ing)?|relocat(?:e|es|ed|ing)|mov(?:e|es|ed|ing)|bring(?:s|ing)?|brought|hir(?:e|es|ed|ing)|build(?:s|ing)?|built|invest(?:s|ed|ing)?|outstrip(?:s|ped|ping)?|adopt(?:s|ed|ing)?|return(?:s|ed|ing)?|jump(?:s|ed|ing)?|soar(?:s|ed|ing)?|surg(?:e|es|ed|ing)|climb(?:s|ed|ing)?|spik(?:e|es|ed|ing)|plan(?:s|ned|ning)?|recruit(?:s|ed|ing)?|develop(?:s|ed|ing)?|creat(?:e|es|ed|ing)|acquir(?:e|es|ed|ing)|bought|buy(?:s|ing)?)$/],
  ['down', /^(?:fall(?:s|ing|en)?|fell|cut(?:s|ting)?|reduc(?:e|es|ed|ing)|clos(?:e|es|ed|ing)|shut(?:s|ting)?|exit(?:s|ed|ing)?|leav(?:e|es|ing)|left|withdraw(?:s|n|ing)?|withdrew|end(?:s|ed|ing)?|stop(?:s|ped|ping)?|scrap(?:s|ped|ping)?|drop(?:s|ped|ping)?|los(?:e|es|ing)|lost|shrink(?:s|ing)?|shrank|halv(?:e|es|ed|ing)|freez(?:e|es|ing)|froze|frozen|collaps(?:e|es|ed|ing)|fail(?:s|ed|ing)?|slash(?:es|ed|ing)?|abandon(?:s|ed|ing)?|retir(?:e|es|ed|ing)|shed(?:s|ding)?|expir(?:e|es|ed|ing)|lapse[sd]?|lapsing)$/],
];

/** What a party says that lays a burden on the organization, and that gives it something. */
const SAYS_BURDEN = /\bup (?:by )?(?:about |around )?[£$€]\d|(?<![\w.])\+\s?\d[\d.]*\s?%|\b(?:must|required?|requires|unlawful|illegal|banned|no longer|ends|will end|expires?|will expire|(?:will|would) (?:be )?(?:cut|cutting|reduc\w+|clos\w+|end\w*|stop\w*|withdraw\w*|rais\w+|increas\w+|charg\w+|scrap\w*|tighten\w*)|shortages?|delays?|surcharges?|(?:a |new |an? [\w-]+ )?(?:levy|levies|ban|cap|charge) (?:on|of)\b)\b/;
const SAYS_GIFT = /\b(?:(?:removes?|scraps?|abolish(?:es)?|cuts?|lifts?) (?:the )?(?:[\d.]+% )?(?:duty|duties|tariffs?|tax|levy|quotas?|ban)|grants?|fund\w*|reliefs?|allow\w*|will (?:buy|order|double|expand|open|extend|pay)|wants?|looking for|relax\w*|(?:would|['’]d) like us to|asked us to)\b/;

/** What a price word names: a price the organization pays or gets. */
const PRICE_WORD = /\b(?:prices?|rates?|fees?|dues|charges?|charging|rents?|premiums?|royalt(?:y|ies)|tariffs?|duty|duties|tax(?:es)?|levy|levies|costs?|wages?|pay|commissions?|excise|vat|interest)\b/;
/** What a give word names when a party takes it away: credit, cover, support or a service the organization relies on. */
const SUPPORT_WORD = /\b(?:limits?|overdraft|facilit(?:y|ies)|credit|cover|support|services?|supply|capacity|budgets?|funding|grants?|reliefs?|allowances?|subsid(?:y|ies)|quotas?|allocation|contracts?|routes?|access)\b/;

/** Prices below the organization's own, said of what someone else sells. */
const LOWER_PRICE = /\b(?:at|for|with) (?:much |far |significantly )?(?:lower|cheaper|reduced|discounted) (?:rents?|prices?|rates?|fees?|dues|fares?)\b/;

/** Whether the run of proper nouns around k names an outside rule or topic ("Clean Air Zone"), which is no mere name. */
function topicalName(clause: readonly Token[], k: number): boolean {
  let a = k;
  while (a > 0 && clause[a - 1]!.pos === 'PROPN') a--;
  let b = k;
  while (clause[b + 1]?.pos === 'PROPN') b++;
  return OUTSIDE_TOPIC.test(clause.slice(a, b + 1).map((t) => t.lower).join(' '));
}

/** A sentence without the clauses that say who its people are: what they did before is not what they do now ("Several customers
 * who left for Aldi last year are coming back" says they come back). */
const withoutWho = (text: string): string => text.replace(/\bwho\b[^,;.]{1,80}?\s(?=(?:are|is|were|was|have|has|had|will|would|now)\s)/g, '');

/** What a clause says it does to the organization, whoever acts: these words settle the quadrant before the party's kind does. */
const DOES_US_HARM = new RegExp(String.raw`\b(?:${BURDENS_US})\b|` + /\b(?:charg(?:es|ing)|costs|sells? (?:it )?for|priced at)\s+(?:just |only )?[£$€]\d[\d,.]*[^.;]{0,25}\b(?:against|versus|vs\.?|compared with) our [£$€]\d|\b(?:re-?procur\w*|re-?tender\w*|re-?let\w*|re-?compet\w*)\b[^.;]{0,60}[;,]\s*(?:and |but )?(?:we|which we) (?:currently |now )?(?:hold|run|have|deliver|operate|provide) it\b|\brefus(?:es|ed|ing)? to (?:extend|renew|grant|continue|re-?let|re-?new|honour|honor|pay|accept|insure|cover|supply|fund|lend) (?:us|our|the)\b|\b(?:which|that) (?:our|we) (?:[\w-]+ ){0,2}(?:does|do|did|can|could|will) not (?:support|handle|meet|accept|read|process)\b|\b(?:which|that) (?:our|we) (?:[\w-]+ ){0,2}(?:doesn't|don't|can't|cannot|won't) (?:support|handle|meet|accept|read|process)\b|\b(?:put|puts|putting|sent|sends|sending|taken|taking|takes) (?:the |our )?(?:[\w-]+ ){0,5}?(?:contracts?|services?|work|account|routes?) (?:we (?:run|hold|deliver|provide|operate|have|manage) )(?:back )?out to (?:re-?)?tender\b|\b(?:put|puts|putting|sent|sends|sending|taken|taking|takes) our (?:[\w-]+ ){0,4}?(?:contracts?|services?|work|account|routes?) (?:back )?out to (?:re-?)?tender\b|\bour (?:[\w-]+ ){0,3}(?:contracts?|service|route|account) (?:is|are|will be|has been|goes|is going) (?:back )?out to (?:re-?)?tender\b|\btrad(?:e|es|ed|ing) down\b|\b(?:turn(?:s|ing)?|convert(?:s|ing)?|redevelop(?:s|ing)?|demolish(?:es|ing)?|knock(?:s|ing)? down|take back|taking back|repossess(?:es|ing)?|sell(?:s|ing)? off) our (?:[\w-]+ ){0,3}?(?:site|premises|unit|building|warehouse|shop|store|office|offices|depot|yard|land|factory|plant|home|branch|car park)\b|\bour (?:[\w-]+ ){0,3}(?:accounts|customers|clients|stockists|distributors|retailers|buyers|members) (?:have been|has been|were|was|are being|is being) (?:bought|acquired|taken over|purchased)\b|\btaking (?:[\w-]+ ){0,2}(?:clients|customers|accounts|work|business|fees|patients|members)\b|\b(?:left|leaving|gone|went|defected) (?:us )?(?:for|to join) (?!good\b|personal\b|family\b|retirement\b|health\b|university\b|school\b)[a-z]|\b(?:against|competing with|in competition with|head-to-head with) our (?!budget|plan|target|forecast|expectations?)[\w\s-]{0,30}?\b(?:service|services|route|routes|charter|product|products|range|offer|brand|shop|store|flights?|sailings?)\b|\b(?:pushed|driven|drove|sent|pushing|driving)\b[^.;]{0,30}\b(?:steel|fuel|diesel|energy|gas|electricity|oil|cocoa|coffee|wheat|grain|sugar|butter|milk|copper|aluminium|timber|paper|pulp|resin|cotton|rice|feed|fertili[sz]er|freight|shipping)\b[^.;]{0,20}\b(?:record|new|all-time|\d+-year) highs?\b|\b(?:gyms?|restaurants?|caf[eé]s?|bars?|pubs?|shops?|stores?|salons?|clinics?|practices?|nurser(?:y|ies)|hotels?|garages?|baker(?:y|ies)|supermarkets?|discounters?|chains?|outlets?|dealerships?|takeaways?|pharmac(?:y|ies)|dentists?|surger(?:y|ies)|branch(?:es)?)\b[^.;]{0,60}\b(?:signed (?:a |the )?lease|(?:taken|took) (?:a |the )?(?:lease|unit|site|premises)|(?:is |are |will be )?open(?:s|ing)?|will open|opened|(?:has been|was|were|have been) approved)\b[^.;]{0,40}\b(?:next (?:door )?to|opposite|near|beside|doors? (?:down )?from|round the corner from|across the (?:road|street) from|down the road from|(?:metres|meters|yards|miles?) from) our\b|\b(?:can|could|will|to) match our (?:prices?|rates?|offer|range)\b|\b(?:our|of our) (?:[\w-]+ ){0,3}(?:were|was|have been|has been|are being|is being) (?:hit|held|delayed|affected|disrupted|stopped|cut off)\b|\b(?:squeez\w+|hurt\w*|hit(?:s|ting)?|threaten\w*|forc\w+ us|costs? us|undercut\w*) (?:our|us|margins?)\b|\b(?:means?|meaning) (?:that )?(?:our|we|every|all|each)\b[^.;]{0,50}\b(?:needs?|must|will need|will have to|has to|have to)\b|\b(?:well )?(?:below|less than|cheaper than|under) (?:ours|us|our (?:[\w-]+ ){0,2}(?:price|prices|rates?|tier|tariffs?|offer|fees?|dues|package|plan|deal))\b|\b(?:same|similar) [\w-]+(?: [\w-]+)? (?:for|at) [^.;]{0,20}\b(?:less|free|cheaper)\b|\bfree (?:for|of charge|to)\b|\bpaying [\w ]{0,20}?[£$€]?\d[\d.,]*\s?(?:an hour|a week|a year|per hour)? more\b|\b(?:means?|meant) (?:that )?(?:we|our)\b[^.;]{0,30}\b(?:can no longer|cannot|can't|won't be able|will not be able|will lose|lose)\b|\buses? (?:a|an) (?:rival|competitor)\b|\b(?:not ready|cannot comply|can't comply)\b|\bmak(?:e|es|ing) our [\w\s-]{1,40}? (?:dearer|more expensive|less competitive|pricier)\b|\b(?:considering|thinking of|thinking about) (?:a |an )?(?:cheaper |new |other |another )?(?:rivals?|competitors?|switching|leaving|moving (?:to|away))\b|\b(?:tak(?:e|es|ing)|took|win(?:s|ning)?|won|gain(?:s|ing|ed)?) (?:a )?(?:growing|bigger|larger|rising|increasing|greater) share\b/.source);
const DOES_US_GOOD = /\b(?:funded|paid for|financed) by (?:the |a )?(?:nhs|government|department|council|ministry|icb|ccg|state|lottery|eu|treasury|local authority)\b[^.;]*\b(?:opens?|opening|will add|adds)\b|\b(?:sending|referring|bringing|placing) (?:us )?more (?:applications|applicants|students|pupils|patients|customers|referrals|orders|enquiries|bookings|business|work)\b|\bmore (?:applications|applicants|enquiries|orders|bookings|referrals|demand) than we (?:have|can) (?:beds|places|rooms|seats|capacity|take|handle|fill|serve)\b|\b(?:their|its) (?:[\w-]+ )?(?:patients|customers|clients|members|pupils|students|tenants|residents|families|users|subscribers|passengers|guests) will (?:need|have to find|be looking for|look for) (?:somewhere|a new|another|new)\b|\b(?:referred|sent|directed|diverted|redirected|steered|signposted|routed) (?:on )?to (?:[\w-]+ ){0,3}(?:like ours|like us)\b|\b(?:referred|directed|diverted|redirected|steered|signposted|routed) (?:on )?to us\b|\b(?:has |have |had )?(?:chosen|chose|selected|appointed|picked|shortlisted|preferred) us\b|\b(?:asked|asking|asks?) (?:us )?for (?:a |our )?(?:quotes?|quotations?|proposals?|prices?(?! cuts?| reductions?| freezes?| discounts?)|pricing|a bid|bids|tenders?|samples?|a demo|demos|a pitch)\b|\b(?:which|that|this|and that) (?:really |will |would |should |also |certainly )?(?:helps|help)\b(?! (?:them|rivals?|competitors?|the competition))|\b(?:which|that|what) we (?:already )?(?:install|sell|make|supply|offer|provide|fit|build|manufacture|service|stock|deliver|design|specialise in|specialize in)s?\b|\b(?:are|is|have been|has been) (?:now |already |slowly |gradually )?(?:coming|starting to come|drifting) back\b|\b(?:coming|come|comes|going|switching|turning) to ours\b|\bsuits? (?:a|an|the) [\w\s-]{1,30}? (?:of|like) ours?\b|\b(?:covering|covers|reach(?:es|ing)?) (?:about |around |roughly |some )?[\d,]+ [\w-]+ in our (?:area|region|town|city|patch|catchment)\b|\b[\d,]+ (?:new )?(?:homes|houses|dwellings|flats)\b[^.;]{0,40}\b(?:(?:within|near|next to|close to) (?:[\w-]+ ){0,3}(?:of )?|(?:(?:a|one|two|three|half a|a few|\d+(?:\.\d+)?) (?:miles?|km|kilometres|metres|meters|yards|minutes?(?:['’])?(?: walk)?) (?:from|of) |opposite |beside |across the (?:road|street) from ))our\b|\bour gain\b|\b(?:leaves?|leaving|left|makes?|making) us (?:as )?(?:the )?only (?:one|[\w-]+)\b|\bstops? (?:right |just |directly )?(?:outside|next to|opposite|beside|by|at) our\b|\b(?:lift\w*|boost\w*|increas\w*|rais\w*) (?:our )?(?:footfall|demand|sales|trade|bookings|visitor numbers|passenger numbers)(?=\s*(?:[.,;:]|$|(?:by|in|at|for|from|and|to|across|this|next|over|on)\b))|\b(?:help\w*|benefit\w*|suits?) (?:us|our)\b|\beas(?:e|es|ed|ing) our\b|(?<!used to |would have |would otherwise )\b(?:coming|come|comes|sent|send|turning) (?:to|our way to) us\b|\bwhich is (?:exactly )?what (?:we|our [\w\s-]{1,20}?) (?!feared|fear|worried|expected|warned|dreaded|predicted|were afraid|had)[a-z]+\b|\bwe are (?:eligible|qualified|accredited|approved)\b|\b(?:bringing|adding|with|brings?|adds?|hous(?:e|es|ing)|employ(?:s|ing)?) (?:about |around |some |up to |an extra |another |an estimated |(?:an )?estimated )?[\d,.]+(?:\s?(?:million|m|k|thousand))? (?:more |extra |new )?(?:staff|visitors|students|pupils|passengers|people|residents|homes|houses|workers|jobs|tourists|fans|guests|patients|employees|shoppers|households|families)\b|\b(?:they|which) (?:will )?need (?:\w+ ){0,2}(?:work|services?|help|advice|support)\b|\bin demand\b|\bour [\w\s-]{1,30}? (?:is|are) (?:the |an? )?(?:obvious|natural|ideal|only|best) (?:replacement|alternative|choice|answer|fit|option)\b|\bso (?:that )?(?:our|we) [^.;]{0,40}?\bcan (?!no longer|not\b)|\bcheaper than (?:the one|the deal|the contract|what) we\b|\b(?:is|are) (?:now )?looking for (?:[\w-]+ ){0,3}(?:partners?|suppliers?|providers?|contractors?)\b|\b(?:cut|cuts|cutting|halv\w+|shorten\w*) (?:the |our )?(?:journey|travel|drive|driving|commute|transit) times?\b|\bwould (?:be (?:willing|happy|prepared) to )?pay (?:a premium|more|extra|higher prices?)\b|\bopens? (?:up )?(?:[\w-]+ ){0,4}(?:to|for) us\b|\bfootfall\b[^.;]{0,40}\b(?:has |have )?(?:risen|rose|grown|grew|increased|jumped|doubled)\b|(?<!\b(?:of|the|in|our|weeks'?|days'?|months'?) )\b(?:now )?(?:specify|specifies|specified|stock|stocks|list|lists|listed|choose|chooses|chose|recommend|recommends|prefer|prefers|adopt|adopts|adopted) our\b|\bmak(?:e|es|ing) our [\w\s-]{1,40}? (?:cheaper|more competitive|more attractive)\b|\b(?:lenders?|banks?|suppliers?|landlords?|insurers?|mills?)\b[^.;]{0,20}\b(?:cut|cuts|lowered|reduced|eased)\b[^.;]{0,30}\b(?:rates?|prices?|premiums?|charges?|rents?)\b|(?<!\bnot |n't |no longer )\b(?:letting|lets?|allow(?:s|ing)?|enabl(?:es|ing)|permit(?:s|ting)?) us (?:to )?(?!down\b|go\b|off\b|know\b)[a-z]|\b(?:is |are )?(?:seeking|seeks|looking for) (?:a |an )?(?:[\w-]+ ){0,3}(?:lease|ppa|power purchase agreement|supply (?:contract|agreement)|offtake (?:contract|agreement)|supplier|contractor)\b/;

/** Whose head word this is, or nothing: the last word of a subject before its first preposition or verb. */
function partyOf(words: readonly string[]): Party | undefined {
  const head = words.at(-1);
  if (!head) return undefined;
  // (a public board is an authority, never the organization's own board: "the health board", "the tourist board")
  if (/^boards?$/.test(head) && /^(?:health|school|tourist|tourism|planning|education|licensing|water|transport|exam|examination|exams|nhs|parole|pension|pensions|gambling|housing|skills)$/.test(words.at(-2) ?? '')) return 'authority';
  // (a place of leisure competes for the same day out: "A new indoor play centre opened two miles away", "a trampoline park")
  if (/^(?:centres?|centers?|parks?|halls?|complex|venues?|attractions?)$/.test(head) && /^(?:play|soft-play|trampoline|adventure|bowling|leisure|climbing|activity|escape|family|indoor|water|theme|safari|wildlife|farm)$/.test(words.at(-2) ?? '')) return 'rival';
  for (const [party, re] of PARTY_OF) if (re.test(head)) {
    // ("the firm", "the company", "the group" is the organization itself: an outside one is "a tech firm", "the water company")
    if (party === 'neighbour' && /^(?:firm|company|business|group|operator)$/.test(head) && (words.length < 2 || /^(?:the|our|this|its)$/.test(words.at(-2)!))) return undefined;
    // (a rate that is a share of the organization's own work is no price: "Approval rates fell to 41% after the credit policy was tightened")
    if (party === 'cost' && /^rates?$/.test(head) && /^(?:approval|conversion|win|success|pass|response|occupancy|utili[sz]ation|attrition|churn|retention|default|error|hit|fill|completion|vacancy|absence|answer|abandonment|arrears|repeat|return|renewal|take-up|uptake|acceptance|rejection|decline|claims?|loss)$/.test(words.at(-2) ?? '')) return undefined;
    // ("the provider" is how an inspector names the organization itself; an outside one is "a national online-first provider")
    if (head === 'provider' && (words.length < 2 || /^(?:the|our|this|its)$/.test(words[0]!))) return undefined;
    return party;
  }
  return undefined;
}

/** How a party's move bears on the organization: 1 an opening, -1 a threat, 0 not judged. */
function judgeMove(party: Party, move: Move, object: string): 1 | -1 | 0 {
  // (what a change means is said by the words of its effect alone; a hazard's is always a harm)
  if (move === 'means') return party === 'hazard' ? -1 : 0;
  // (what a party says it will do is judged by what it says: "has ruled that artificial pitches must be replaced …")
  if (move === 'says') return SAYS_BURDEN.test(object) ? -1 : SAYS_GIFT.test(object) ? 1 : 0;
  const price = PRICE_WORD.test(object);
  const support = SUPPORT_WORD.test(object);
  switch (party) {
    // (a company named and no more is judged by what the clause says it does to the organization alone)
    // (unless it asks for what the organization sells: "Zoolia, a German online pet retailer, asked for a quote")
    case 'named':
      return move === 'ask' ? 1 : 0;
    case 'rival':
      return move === 'down' ? 1 : move === 'ask' ? 1 : -1;
    case 'buyer':
      return move === 'up' || move === 'ask' || move === 'give' ? 1 : -1;
    case 'seller':
      // (a distributor or a merchant that buys more of the organization's goods is its buyer: "has doubled its order")
      if (move === 'up' && /\b(?:orders?|purchases?|volumes?|listings?|allocation)\b/.test(object)) return 1;
      if (move === 'give') return 1;
      if (move === 'down') return price && !support ? 1 : -1;
      return -1;
    case 'authority':
      if (move === 'give' || move === 'ask') return 1;
      if (move === 'up') return price ? -1 : support ? 1 : 0;
      if (move === 'down') return price && !support ? 1 : -1;
      return -1;
    case 'cost':
      return move === 'down' || move === 'give' ? 1 : move === 'up' || move === 'burden' ? -1 : 0;
    case 'neighbour':
      return move === 'down' ? -1 : move === 'burden' ? -1 : 1;
    case 'deal':
      return move === 'down' || move === 'burden' ? -1 : move === 'up' || move === 'give' ? 1 : 0;
    case 'hazard':
      return move === 'down' && /^\s*(?:by |to |from |\d)/.test(object) ? 1 : -1;
  }
}

/** A market's flow of business, named with a word of its scope ("regional construction output", "mortgage approvals"), and a
 * count that is a market's only when the scope is a whole market's ("European coatings volumes", "national passenger numbers"). */
const MARKET_FLOW = /^(?:output|demand|tourism|approvals|starts|completions|transactions|arrivals|spending|consumption|registrations|activity|investment)$/;
const MARKET_SCOPE = /^(?:markets?|sector|industry|national|nationwide|regional|european|uk|us|eu|global|worldwide|domestic|inbound|outbound|housing|mortgage|construction|consumer|household|leisure|business|export|import)$/;
const MARKET_COUNT = /^(?:volumes?|sales|orders|traffic|visitors|passengers|footfall|numbers)$/;
const MARKET_WIDE = /^(?:markets?|sector|industry|national|nationwide|european|global|worldwide|category)$/;

const marketFlow = (words: readonly string[]): boolean =>
  words[0] !== 'our' && words.length >= 2 && (MARKET_FLOW.test(words.at(-1)!) ? words.slice(0, -1).some((w) => MARKET_SCOPE.test(w)) : MARKET_COUNT.test(words.at(-1)!) && words.slice(0, -1).some((w) => MARKET_WIDE.test(w)));

/** Where a party is, said against one of the organization's sites: "next to our store", "three miles from our hotel". */
const NEAR_US = /\b(?:next (?:door )?to|opposite|near|beside|alongside|close to|round the corner from|across the (?:road|street) from|down the road from|(?:metres|meters|yards|miles?|km|kilometres|minutes?(?:['’])?(?: walk| drive)?) (?:from|of)) our ((?:[\p{L}\d&-]+ ){0,2}?[\p{L}\d&-]+)(?=[\s,.;]|$)/u;
/** Kinds of premises that sell the same: a party of one kind near a site of the same kind competes with it. */
const TRADES = [
  /^(?:stores?|shops?|supermarkets?|discounters?|grocers?|grocery|retailers?|superstores?|hypermarkets?|convenience|outlets?)$/,
  /^(?:hotels?|inns?|hostels?|aparthotels?|motels?|guesthouses?|b&bs?|resorts?)$/,
  /^(?:restaurants?|caf[eé]s?|pubs?|bars?|bistros?|takeaways?|eateries|coffee)$/,
  /^(?:gyms?|fitness)$/,
  /^(?:clinics?|practices?|surger(?:y|ies)|dentists?|dental|pharmac(?:y|ies)|chemists?|hospitals?)$/,
  /^(?:schools?|nurser(?:y|ies)|colleges?|academ(?:y|ies)|universit(?:y|ies))$/,
  /^(?:garages?|dealerships?|showrooms?)$/,
  /^(?:cinemas?|theatres?|venues?)$/,
];
const sameTrade = (a: readonly string[], b: readonly string[]): boolean => TRADES.some((re) => a.some((w) => re.test(w)) && b.some((w) => re.test(w)));
/** What brings people to a place: a workplace, a campus, homes, a venue or a terminal, or a count of jobs, staff or homes. */
const DRAWS_PEOPLE = /\b(?:\d[\d,]*(?: -)?[- ]?(?:jobs?|staff|employees|workers|students|homes|houses|flats|beds|seats)|distribution (?:centre|center|hub)|warehouses?|factor(?:y|ies)|plants?|offices?|headquarters|hq|campus|studios?|stadium|arena|terminal|station|university|college|business park|science park|data (?:centre|center)|attraction|visitor (?:centre|center)|housing estate|homes|houses)\b/;
/** Premises a party takes, buys or leases. */
const PREMISES = /^(?:units?|sites?|premises|lease|leases|buildings?|shops?|stores?|plots?|warehouses?|space|floors?|offices?|surger(?:y|ies)|practices?|branch(?:es)?|pubs?|hotels?|restaurants?)$/;
/** What no site wants beside it. */
const NUISANCE = /\b(?:waste|incinerators?|landfill|sewage|quarr(?:y|ies)|prisons?|scrapyards?|abattoirs?)\b/;
/** Whether what a clause says is opened or built near one of the organization's sites brings people to it, and sells something else. */
function drawsPeopleNear(lower: string): boolean {
  const near = NEAR_US.exec(lower);
  if (!near || !ENTRY.test(lower.slice(0, near.index)) && !/\b(?:build\w*|built)\b/.test(lower.slice(0, near.index))) return false;
  const opened = lower.slice(0, near.index).split(/[^\p{L}&-]+/u);
  return DRAWS_PEOPLE.test(lower.slice(0, near.index)) && !opened.some((w) => partyOf([w]) === 'rival') && !sameTrade(opened, near[1]!.split(' ')) && !NUISANCE.test(opened.join(' '));
}

const AUXILIARY = /^(?:['’](?:ve|re|s|ll|d)|is|are|was|were|be|been|being|has|have|had|will|would|could|can|may|might|should|shall|must|now|also|already|still|just|soon|increasingly|recently|again|not|to|plans?|planning|set|due|expected|likely|about|going|starting|started|beginning|continue|continues|continuing|intends?|intending|aims?|hopes?|promises?|voted|votes|agreed|agrees|decided|decides|applied|applies|applying)$/;
const DETERMINER = /^(?:the|a|an|our|their|its|two|three|four|five|six|several|many|some|most|more|other|another|all|every|each|one|big|bigger|biggest|large|larger|largest|main|major|new|local|nearby|regional|national|\d[\d,.]*)$/;

/**
 * An outside change read from the grammar of its first clause when no cue of the lists above has read it: the subject's
 * head word says what kind of party acts (a rival, a buyer, a seller, an authority, a price, a neighbour, a hazard), the first
 * verb after it what kind of move it makes, and the two together where it falls, unless the clause says what it does to the
 * organization in words of its own ("…, squeezing our members", "…, which should lift footfall"). "The landlord has served
 * notice …" is a threat, "A tech firm is relocating 600 staff to the business park behind our hotel" an opening. Nothing
 * when the subject is the organization or one of its own, or when neither the party nor the move is known.
 */
function framedEvent(sentence: ParsedSentence, ctx: EventContext): Claim | undefined {
  const { tokens } = sentence;
  // (a question asks; it states no change: 'Question from a consultant: "Are we going to hit our numbers?"')
  if (sentence.text.includes('?') || /\t|\s\|\s/.test(sentence.text)) return undefined;
  // (nor does one reported: "Ruth asked whether we should stop competing on price" weighs what the organization should do)
  const lower = sentence.text.toLowerCase();
  if (DELIBERATION.test(lower) || PAID_AGAINST_COST.test(lower)) return undefined;
  const spans = clauseSpans(tokens);
  // (a line's label of a few words is no clause: "Broker feedback: two national insurers are …", "CFO: The new enterprise zone …")
  let si = 0;
  // (and so is a verdict before a colon, "Taiwan is the good news:", "The US is the worry -": the clause after it says what happens)
  const verdictLabel = (a: number, b: number) => /^[\s\-•*]*(?:[A-Z]{1,3}:\s*)?(?:[\p{L}&'’-]+ ){1,4}(?:is|are) (?:the |our |a )?(?:good|bad|real|big|main|only|other)? ?(?:news|worry|worries|risk|concern|upside|bright spot|problem|positive|negative)\s*[:\-–—]\s*$/iu.test(sentence.text.slice(tokens[a]!.start - sentence.start, tokens[b]!.start - sentence.start));
  while (spans[si + 1] && ((spans[si]![1] - spans[si]![0] <= 4 && tokens.slice(spans[si]![0], spans[si + 1]![0]).some((t) => t.text === ':')) || verdictLabel(spans[si]![0], spans[si + 1]![0]))) si++;
  const [cs] = spans[si]!;
  let ce = spans[si]![1];
  // the words of the sentence, with a line's bullet, a speaker's label, an opening time and an opening "since" left out
  let k = cs;
  while (k < ce && (tokens[k]!.pos === 'PUNCT' || /^[•▪◦‣·]$/.test(tokens[k]!.text) || (/^[A-Z]{1,2}$/.test(tokens[k]!.text) && tokens[k + 1]?.text === ':') || (k === cs && /^(?:since|after|following|because|now)$/.test(tokens[k]!.lower)))) k += /^[A-Z]{1,2}$/.test(tokens[k]!.text) && tokens[k + 1]?.text === ':' ? 2 : 1;
  // (and a label of a few words before a colon: "Broker feedback:", "CFO:")
  // (a label that names a kind of party is who acts when the words after it name none: "Competitors: "the corporates … pay 10% more"")
  const colon = tokens.slice(k, Math.min(ce, k + 6)).findIndex((t) => t.text === ':');
  let labelParty: Party | undefined;
  if (colon > 0 && (tokens.slice(k, k + colon).every((t) => t.pos !== 'VERB' && t.pos !== 'AUX') || (tokens[k + colon + 1] !== undefined && verdictLabel(k, k + colon + 1)))) {
    labelParty = partyOf(tokens.slice(k, k + colon).map((t) => t.lower));
    // (a market's flow labelled with its signed change is that market's move: "Regional outbound leisure demand: +12% in 2025")
    const label = tokens.slice(k, k + colon).filter((t) => t.pos !== 'PUNCT').map((t) => t.lower);
    const signed = /^\s*(?:([+\-−])\s?|(up|down)\s+(?:by\s+)?)(?:about\s+|around\s+)?\d[\d.,]*\s?%/i.exec(sentence.text.slice(tokens[k + colon]!.end - sentence.start));
    if (signed && marketFlow(label)) {
      const name = sentence.text.slice(tokens[k]!.start - sentence.start, tokens[k + colon - 1]!.end - sentence.start);
      const up = signed[1] === '+' || signed[2]?.toLowerCase() === 'up';
      return sentenceEvent(sentence, ctx, { key: `ev:${name.toLowerCase()}:${up ? 'up' : 'down'}`, name, dimension: 'Market & Customers', figures: figuresOf(sentence, k + colon, tokens.length), valence: up ? 1 : -1, forecast: FUTURE.test(sentence.text.toLowerCase()) });
    }
    k += colon + 1;
  }
  while (k < ce && /^["“'‘]$/.test(tokens[k]!.text)) k++;
  // (and a phrase of where or how that opens it before a comma: "On the positive side, two-year fixed mortgage rates have eased …")
  const aside = tokens.slice(k, Math.min(tokens.length, k + 7)).findIndex((t) => t.text === ',');
  if (aside > 0 && (['ADP', 'ADV'].includes(tokens[k]!.pos) || (/ing$/.test(tokens[k]!.lower) && ['ADP', 'ADV'].includes(tokens[k + 1]?.pos ?? ''))) && !/^(?:if|when|once|unless|because|as|since|after|before|while|although|though)$/.test(tokens[k]!.lower) && tokens.slice(k + 1, k + aside).every((t) => t.pos !== 'VERB' && t.pos !== 'AUX')) {
    k += aside + 1;
    // (the clause it opens is the one that goes on after the comma)
    while (spans[si + 1] && spans[si]![1] <= k) ce = spans[++si]![1];
  }
  if (k >= ce) return undefined;
  const opener = TIME_OPENER.exec(sentence.text.slice(tokens[k]!.start - sentence.start).toLowerCase());
  if (opener) {
    const after = tokens[k]!.start + opener[0].trimEnd().length;
    while (k < ce && tokens[k]!.start < after) k++;
  }
  // the subject runs to the first word that is a move, an auxiliary or a verb; its head is its last word before a preposition
  let v = k;
  let move: Move | undefined;
  // (the first verb, when no word of a move comes before the clause ends: its effect is said in words of its own, if at all)
  let verbAt = -1;
  for (; v < ce; v++) {
    const t = tokens[v]!;
    if (verbAt < 0 && v > k && t.pos === 'VERB' && !/^\p{Lu}/u.test(t.text)) verbAt = v;
    // (a plan is no move of its own: the verb after "to" is, "The council plans to close the car park")
    // (nor is a word in -ing between two nouns: "route planning software", "the building works")
    // ("up" or "down" before its figure is a move: "Tourist numbers to the island were up 22%"; so is a verb "upwards": "reviewed upwards")
    // (and taking premises is moving in: "A budget gym chain has taken the empty unit opposite …")
    // (nor is the second half of a word written with a hyphen: "low-cost")
    const found = (/^(?:plans?|planned|planning)$/.test(t.lower) && tokens[v + 1]?.lower === 'to') || (tokens[v - 1]?.text === '-' && tokens[v - 1]!.end === t.start) || (/ing$/.test(t.lower) && tokens[v - 1]?.pos === 'NOUN' && tokens[v + 1]?.pos === 'NOUN') ? undefined : (MOVE_OF.find(([, re]) => re.test(t.lower))?.[0] ?? (/^(?:up|down)$/.test(t.lower) && /^(?:is|are|was|were|be|been|now|['’]re|['’]s)$/.test(tokens[v - 1]?.lower ?? '') && /^(?:by|to|about|around|nearly|almost|over|\d)/.test(tokens[v + 1]?.text ?? '') ? (t.lower === 'up' ? 'up' : 'down') : /(?:ed|en)$/.test(t.lower) && /^(?:upwards?|downwards?)$/.test(tokens[v + 1]?.lower ?? '') ? (tokens[v + 1]!.lower.startsWith('up') ? 'up' : 'down') : /^(?:tak(?:e|es|en|ing)|took|leas(?:e|es|ed|ing)|bought|buys?|buying|acquir(?:e|es|ed|ing))$/.test(t.lower) && tokens.slice(v + 1, v + 6).some((u) => PREMISES.test(u.lower)) ? 'up' : undefined));
    // (a noun the tagger reads right is no move: "the rise in", "a ban on"; a participle after a noun is part of it: "prices paid to farmers")
    // (nor is one its verb follows: "Milk prices paid to farmers …", "Costs rose")
    if (found && v > k && !(t.pos === 'NOUN' && (['DET', 'ADJ'].includes(tokens[v - 1]!.pos) || ['VERB', 'AUX'].includes(tokens[v + 1]?.pos ?? ''))) && !(/(?:ed|id)$/.test(t.lower) && ['to', 'by', 'for'].includes(tokens[v + 1]?.lower ?? '') && tokens[v - 1]!.pos === 'NOUN' && /^(?:paid|charged|sold|offered|used|owned|run|made|built|supplied|given)$/.test(t.lower))) {
      move = found;
      break;
    }
    // (the word after "intends to", "plans to" is the verb, whatever the tagger took it for: "… intends to relabel its range")
    if (v > k + 1 && tokens[v - 1]!.lower === 'to' && /^(?:intends?|plans?|aims?|hopes?|promises?|expects?|set|due|going|about|voted|votes|agreed|agrees|decided|decides|applied|applies|applying)$/.test(tokens[v - 2]!.lower)) {
      if (verbAt < 0) verbAt = v;
      break;
    }
    // (a capitalised word mid-sentence is a name the tagger took for a verb: "Container freight from Shanghai costs …")
    if (v > k && (t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/.test(t.lower) && tokens[v - 1]!.pos !== 'NOUN' && !(tokens[v - 1]!.text === '-' && tokens[v - 1]!.end === t.start) && !/^\p{Lu}/u.test(t.text))) && !AUXILIARY.test(t.lower)) break;
  }
  if (!move && verbAt > k) {
    v = verbAt;
    move = 'means';
  }
  // (what a body consults on or proposes is the move it would make, when the clause names one: "The council is consulting on
  // closing the park-and-ride"; a relief it consults on is a gift, "The government is consulting on VAT relief …")
  if (move === 'says' && /^(?:consult|propos)/.test(tokens[v]!.lower)) {
    const then = tokens.slice(v + 1, ce).findIndex((t) => (t.pos === 'VERB' || /ing$/.test(t.lower)) && MOVE_OF.some(([m, re]) => m !== 'says' && m !== 'means' && re.test(t.lower)));
    if (then >= 0) {
      v += 1 + then;
      move = MOVE_OF.find(([, re]) => re.test(tokens[v]!.lower))![0];
    }
  }
  if (!move || v === k) return undefined;
  // (a plan is no word of who acts: "The council plans to close …"; "to" before a place is where, "Inbound tourism to the region")
  const subjectTokens = tokens.slice(k, v).filter((t, n) => (!AUXILIARY.test(t.lower) || (t.pos === 'NOUN' && !(/^(?:plans?|aims?|hopes?|promises?)$/.test(t.lower) && tokens[k + n + 1]?.lower === 'to')) || (t.lower === 'to' && t.pos === 'ADP' && !AUXILIARY.test(tokens[k + n - 1]?.lower ?? ''))));
  const cut = subjectTokens.findIndex((t, n) => n > 0 && !(subjectTokens[n - 1]!.text === '-' && subjectTokens[n - 1]!.end === t.start) && (t.pos === 'ADP' || t.pos === 'SCONJ' || (t.pos === 'PUNCT' && t.text !== '-') || (t.pos === 'VERB' && !(/ed$/.test(t.lower) && subjectTokens[n + 1]?.pos === 'NOUN')) || /^(?:next|that|who|which|behind|near|opposite)$/.test(t.lower)));
  // (a word of where is no part of who: "Three GP surgeries nearby")
  const subject = (cut > 0 ? subjectTokens.slice(0, cut) : subjectTokens).filter((t) => t.pos !== 'ADV' && !/^(?:nearby|locally|abroad|overseas|meanwhile|too|there|here)$/.test(t.lower));
  // (a word written with a hyphen is one word: "start-up", "own-label")
  const words: string[] = [];
  subject.forEach((t, n) => {
    if (n > 0 && t.start === subject[n - 1]!.end && (t.text === '-' || subject[n - 1]!.text === '-')) words[words.length - 1] += t.lower;
    else words.push(t.lower);
  });
  if (!words.length || words.length > 7) return undefined;
  // (what is done to the organization's own by a party named after "by" is that party's move: "Two of our senior engineers have
  // been poached by a rival"; a rival's hand on what is the organization's is a threat whatever it does)
  if (/^(?:is|are|was|were|be|been|being)$/.test(tokens[v - 1]?.lower ?? '') && /(?:ed|en|id|wn|ut|lt|ht)$/.test(tokens[v]!.lower) && (words.includes('our') || words.some((w) => /^(?:we|us)$/.test(w)) || tokens.slice(k, v).some((t) => t.lower === 'our'))) {
    const by = tokens.slice(v + 1, Math.min(ce, v + 3)).findIndex((t) => t.lower === 'by');
    const agent: Token[] = [];
    for (let n = v + 2 + by; by >= 0 && n < ce && !['ADP', 'VERB', 'AUX', 'PUNCT', 'SCONJ', 'CCONJ', 'NUM', 'SYM'].includes(tokens[n]!.pos) && !/^(?:who|which|that|last|this|next|earlier|recently|yesterday)$|.{3}ing$/.test(tokens[n]!.lower); n++) agent.push(tokens[n]!);
    const words = agent.map((t) => t.lower);
    const takenAway = /^(?:poached|lured|hired|recruited|headhunted|tempted|enticed|stolen|taken|won)$/.test(tokens[v]!.lower) && tokens.slice(k, v).some((t) => /^(?:our|we|us)$/.test(t.lower));
    const who = partyOf(words.filter((w, n) => !DETERMINER.test(w) || n === words.length - 1)) ?? (takenAway && words.length ? 'named' : undefined);
    // (and one that lures or hires away the organization's own people or customers, whoever it is: "lured away by the new Amazon depot")
    const valence = who === 'rival' || (who && takenAway) ? -1 : who ? judgeMove(who, move, sentence.text.slice(tokens[v]!.end - sentence.start, tokens[ce - 1]!.end - sentence.start).toLowerCase()) : 0;
    if (who && valence) {
      const name = sentence.text.slice(agent[0]!.start - sentence.start, agent.at(-1)!.end - sentence.start).replace(/^(?:the|a|an|two|three|several|many|some|other)\s+/i, '');
      return partyEvent(sentence, ctx, name, move, who, figuresOf(sentence, cs, tokens.length), valence);
    }
  }
  // (the organization, its people and its own measures are never an outside party: "we", "our team", "Acme")
  if (words.some((w) => /^(?:we|i|us|me|you|my|your)$/.test(w) || ctx.ignore.has(w) || ctx.organization.has(w))) return undefined;
  // (a figure in the subject makes it a measure, "12,400 customers"; a count of parties in words does not, "our two biggest clients")
  // (but a size joined to its noun by a hyphen names the party: "A 200-room conference centre opens …")
  if (subject.some((t, n) => /\d/.test(t.text) && !(subject[n + 1]?.text === '-' && subject[n + 1]!.start === t.end))) return undefined;
  // (a commodity's market is a price the organization pays: "Wholesale cocoa has more than doubled")
  // (a market's own volume is the demand the organization serves: "Regional construction output fell 6%", "Inbound tourism to the
  // region grew 14%", "Mortgage approvals fell for the fourth month")
  // (and footfall where no word says it is the organization's own: "Footfall on the high street has risen …")
  // (and so is a count of visitors to a place: "Tourist numbers to the island were up 22%", "Visitor numbers to the region rose 9%")
  const visits = cut > 0 && words.length <= 2 && /^(?:numbers|arrivals|visits|visitors|tourists|passengers)$/.test(words.at(-1)!) && /^(?:to|in|across)$/.test(subjectTokens[cut]!.lower) && subjectTokens.slice(cut + 1).some((t) => /^(?:region|island|islands|city|county|country|area|uk|town|coast|valley|district|resort|highlands|lakes)$/.test(t.lower));
  const market = visits || marketFlow(words) || (words.length === 1 && words[0] === 'footfall' && !subjectTokens.some((t) => /^(?:our|we|us)$/.test(t.lower)));
  // (and interest shown by buyers outside is their demand: "Interest from US clients has doubled since the dollar strengthened")
  const interest = cut > 0 && words.length <= 2 && /^(?:interest|enquiries|demand)$/.test(words.at(-1)!) && /^(?:from|among)$/.test(subjectTokens[cut]!.lower) && partyOf(subjectTokens.slice(cut + 1).filter((t) => t.pos === 'NOUN').map((t) => t.lower)) === 'buyer';
  // (a failed harvest is a hazard: "Harvest failures in West Africa have pushed cocoa to a record high")
  const harvest = words.some((w) => /^(?:harvests?|crops?)$/.test(w)) && /^(?:failures?|losses)$/.test(words.at(-1)!);
  const own: Party | undefined = harvest ? 'hazard' : market || interest ? 'buyer' : words.some((w) => /^(?:wholesale|spot|commodity|world|global)$/.test(w)) && words.length >= 2 ? 'cost' : partyOf(words.filter((w) => !DETERMINER.test(w) || w === words.at(-1)));
  // (a proper name that is not the organization's is someone outside: "Castleford Foods have told buyers …")
  // (every word of it written with a capital, and more than a system's initials: never "The new ERP", "The refurbished …")
  const proper = subject.filter((t) => !/^(?:the|a|an)$/i.test(t.text));
  // (and the whole of the subject, not a word of English that opens a line: never "Question from a Leeds consultant")
  const named = cut <= 0 && !words.includes('our') && proper.length > 0 && proper.every((t) => t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text)) && !proper.every((t) => /^[A-Z]{2,5}$/.test(t.text)) && !(proper.length === 1 && isEnglishWord(proper[0]!.text));
  // (a label's party acts only through a subject that names no measure of the organization's own: never "Utility: customer
  // complaints per 10,000 connections rose to 42", "Law firm: lock-up has grown to 162 days")
  // (and only through a subject that names people or firms, as a plural or a pronoun: "the corporates", "they")
  const ownMeasure = !own && labelParty !== undefined && (measuresIn(subject.map((t) => t.text).join(' ')).length > 0 || judgeByWords(words.join(' ')) !== undefined || !/(?:[^s]s|^they|^them|^it)$/.test(words.at(-1)!));
  // ("they" after a sentence that names a company outside is that company: "A lot of that went to Crosslane Energy. They've
  // bought two family distributors near us …")
  const referred = words.length === 1 && /^(?:they|it)$/.test(words[0]!) && ctx.previous ? outsideNames(ctx.previous.tokens, ctx.ignore)[0] : undefined;
  // (a change named as a noun is made by what it is of: "The end of the exclusive framework opens …" is the framework's)
  const ofHead = !own && cut > 0 && /^(?:end|ending|arrival|closure|loss|removal|introduction|expiry|collapse|exit|withdrawal|scrapping|launch|opening|expansion)$/.test(words.at(-1)!) && subjectTokens[cut]!.lower === 'of' ? (partyOf(subjectTokens.slice(cut + 1).filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN').map((t) => t.lower)) ?? (subjectTokens.slice(cut + 1).some((t) => /^(?:pharmacy|chemist|bakery|practice|surgery|branch|store|shop|clinic|nursery|garage|gym|pub|restaurant|caf[eé]|dealership|salon)$/.test(t.lower)) ? 'neighbour' : undefined)) : undefined;
  // (and one named with "a" or "an" is someone outside, judged by the words of its effect alone: "A regional grocer is seeking …";
  // so is a plural of others, "Three of the big housebuilders now specify our frames", when the clause says what it does to us)
  const indefinite = /^(?:a|an)$/.test(words[0]!) && words.length >= 2;
  const counted = cut > 0 && words.length === 1 && /^(?:one|two|three|four|five|six|several|many|some|most|all|both|half|few|more)$/.test(words[0]!) && subjectTokens[cut]!.lower === 'of' ? subjectTokens.slice(cut + 1).filter((t) => t.pos === 'NOUN').map((t) => t.lower) : [];
  const others = () => (counted.length > 0 || (words[0] !== 'our' && words.length <= 4 && /[^s]s$/.test(words.at(-1)!) && !words.some((w) => /^(?:rising|falling|growing|higher|lower|more|fewer|extra|new)$/.test(w)))) && !INSIDE_WORDS.test((counted.at(-1) ?? words.at(-1))!) && !judgeByWords(words.join(' ')) && !measuresIn(words.join(' ')).length && (DOES_US_GOOD.test(sentence.text.toLowerCase()) !== DOES_US_HARM.test(sentence.text.toLowerCase()));
  // (a count of a kind of party is that party: "Three of the big housebuilders have asked for quotes …")
  // (never a count of the organization's own: "Two of our clinics expanded their opening hours")
  const countedParty = counted.length && !subjectTokens.slice(cut + 1).some((t) => /^(?:our|we|us)$/.test(t.lower)) ? partyOf(counted) : undefined;
  const party: Party | undefined = own ?? countedParty ?? ofHead ?? (ownMeasure ? undefined : labelParty) ?? (named || referred || indefinite || others() ? 'named' : undefined);
  if (!party) return undefined;
  // (of its own: "our prices", "our costs" are the organization's measure; "our bank", "our largest customer", "our insurer" are outside)
  // (nor are "our bookings", "our orders": a flow of the organization's own business)
  // (but a charge the organization pays, raised by whoever sets it, is a change outside all the same: "Ground rents on our
  // leasehold sites will be reviewed upwards in 2026, the landlord has told us")
  const setOnUs = party === 'cost' && move === 'up' && /^(?:is|are|was|were|be|been|being)$/.test(tokens[v - 1]?.lower ?? '') && FUTURE.test(lower) && (/^(?:rents?|premiums?|dut(?:y|ies)|tax(?:es)?|royalt(?:y|ies)|levy|levies|tolls?|surcharges?)$/.test(words.at(-1)!) || /\b(?:business rates|council tax|service charges?|ground rents?)\b/.test(words.join(' ')) || /\b(?:landlords?|freeholders?|insurers?|suppliers?|lenders?|banks?|council|processors?|licensors?|franchisors?|valuation office)\b/.test(lower));
  if (words[0] === 'our' && !setOnUs && (!['rival', 'buyer', 'seller', 'deal'].includes(party) || OWN_FLOW.test(words.at(-1)!))) return undefined;
  // (a price or a rate with no word of what it is the price of is the organization's own: "Costs rose 5%", "Prices were held")
  if (party === 'cost' && words.filter((w) => !DETERMINER.test(w)).length < 2) return undefined;
  const object = sentence.text.slice(tokens[v]!.end - sentence.start, tokens[ce - 1]!.end - sentence.start).toLowerCase();
  // (what a condition would do says nothing of what the change does: "…, though the team expects a recovery if the Bank of England cuts rates")
  const real = withoutWho(lower.replace(/\b(?:if|unless)\b[^.;]*/g, ''));
  // (a rival or a neighbour that adds what the organization sells, at lower prices, takes its customers: "Three new build-to-rent
  // towers opposite our apartments will add 900 flats at lower rents")
  const harm = DOES_US_HARM.test(real) || ((party === 'rival' || party === 'neighbour') && move === 'up' && LOWER_PRICE.test(real));
  const good = DOES_US_GOOD.test(real);
  // (a subject a move is done to is not who acts: "Our suppliers are paid in 45 days", "Agency spend was cut")
  const passive = /^(?:is|are|was|were|be|been|being)$/.test(tokens[v - 1]?.lower ?? '') && /(?:ed|en|id|wn|ut|lt)$/.test(tokens[v]!.lower);
  // (and a count of buyers or a price that moved, with its figure and no word of what it does, is a result the organization
  // measures, not a change outside it: "Bookings rose 11% on last year", "Customers grew to 12,400")
  const measured = !market && (party === 'buyer' || party === 'cost') && /^(?:rose|risen|grew|grown|fell|fallen|dropped|increased|decreased|declined|doubled|halved|climbed|jumped|improved|reached)$/.test(tokens[v]!.lower) && figuresOf(sentence, v, tokens.length).length > 0 && !FUTURE.test(lower);
  // (a road, a station or a bridge that is closed is a change outside all the same: "The main road … will be closed for six months")
  if (((passive && !setOnUs && party !== 'hazard' && !(party === 'neighbour' && move === 'down')) || measured)) {
    if (!harm && !good) return undefined;
  }
  // (what a body, a buyer or a seller offers is given; a rival's offer is a move against the organization: "The ICB has
  // offered to fund two more instructors")
  if (move === 'burden' && /^offer/.test(tokens[v]!.lower) && (party === 'authority' || party === 'buyer' || party === 'seller')) move = 'give';
  // (a request of the organization's own customers for less is a cost: "customers are asking for 5% off")
  const askingLess = move === 'ask' && /\b(?:discounts?|cuts?|reductions?|rebates?|cheaper|lower prices?|less|off)\b/.test(object);
  // (and a party that stops or cuts what it does with the organization's own goods or terms takes them away, whoever it is:
  // "The supermarket will stop selling our own-brand biscuits", "The bank has cut our overdraft")
  const takesOurs = move === 'down' && /\bour\b/.test(object) && !PRICE_WORD.test(object);
  let valence: 1 | -1 | 0 = harm && !good ? -1 : good && !harm ? 1 : askingLess || takesOurs ? -1 : judgeMove(party, move, object);
  // (what a building or a place cost is its price, no burden laid on the organization: "The new training centre cost £2.1m")
  if (party === 'neighbour' && /^cost/.test(tokens[v]!.lower) && !harm) valence = 0;
  // (a deal that ends is a threat when the sentence says who asks more for it: "The lease … ends in 2026 and he wants 40% more";
  // its end alone is the organization's own choice to make: "Manchester office lease expires 2026; the space is 40% under-used")
  if (party === 'deal' && valence === -1 && !harm && !/\b(?:wants?|asks?|demand\w*|higher|more|dearer|not renew|won't renew|refus\w*|increase\w*|up)\b|\+\s?\d/.test(lower.slice(tokens[v]!.end - sentence.start))) valence = 0;
  // (a clause after it with the same subject, its verb straight after "and", makes the move the first did not: "Hartwell Foods
  // intends to move half its range into trays and has asked about our board")
  const joins = tokens.map((t, n) => n).filter((n) => n > v && n < (spans[si + 1]?.[1] ?? ce) && /^(?:and|but)$/.test(tokens[n]!.lower) && ['AUX', 'VERB'].includes(tokens[n + 1]?.pos ?? ''));
  for (const ns of joins) {
    if (valence) break;
    const ne = spans.find(([a, b]) => a <= ns && ns < b)![1];
    const at = tokens.slice(ns + 1, ne).findIndex((t) => t.pos !== 'AUX' && !AUXILIARY.test(t.lower));
    const word = at < 0 ? undefined : tokens[ns + 1 + at]!;
    const next = word && MOVE_OF.find(([, re]) => re.test(word.lower))?.[0];
    if (!word || !next) continue;
    const said = sentence.text.slice(word.end - sentence.start, tokens[ne - 1]!.end - sentence.start).toLowerCase();
    valence = next === 'ask' && /\b(?:discounts?|cuts?|reductions?|rebates?|cheaper|lower prices?|less|off)\b/.test(said) ? -1 : judgeMove(party, next, said);
  }
  // (a party outside that builds or opens near one of the organization's sites brings it people, unless it sells what that site
  // sells or is a nuisance: "A film studio is building six sound stages …, three miles from our hotel" is an opening, "A German
  // discounter has signed for a unit … next to our store" a threat)
  const near = !harm && !good && move === 'up' && (party === 'named' || party === 'neighbour' || party === 'rival') ? NEAR_US.exec(real) : null;
  const built = near ? real.slice(0, near.index).split(/[^\p{L}&-]+/u) : [];
  if (near && (party === 'rival' || sameTrade(built, near[1]!.split(' ')) || NUISANCE.test(built.join(' ')))) valence = -1;
  else if (near && !valence) valence = 1;
  if (!valence) return undefined;
  const name = referred ?? (counted.length || interest || visits ? sentence.text.slice(subjectTokens[0]!.start - sentence.start, subjectTokens.at(-1)!.end - sentence.start) : sentence.text.slice(subject[0]!.start - sentence.start, subject.at(-1)!.end - sentence.start).replace(/^(?:the|a|an|two|three|four|five|several|many|some|other)\s+/i, ''));
  return partyEvent(sentence, ctx, name, move, party, figuresOf(sentence, cs, tokens.length), valence);
}

/** An event a party makes, named by who acts: a rival's in the competitive landscape, an authority's or a hazard's a risk. */
const partyEvent = (sentence: ParsedSentence, ctx: EventContext, name: string, move: Move, party: Party, figures: FigureRef[], valence: 1 | -1): Claim =>
  sentenceEvent(sentence, ctx, { key: `ev:${name.toLowerCase()}:${move}`, name: name.charAt(0).toUpperCase() + name.slice(1), subject: name, dimension: party === 'rival' ? 'Competitive Landscape' : party === 'authority' || party === 'hazard' ? 'Risks & Compliance' : 'Market & Customers', figures, valence, forecast: FUTURE.test(sentence.text.toLowerCase()) });

/** Whether a sentence's subject is a party outside the organization by its head word ("The distillery next door wants to …"). */
export const partySubject = (text: string): boolean => {
  const words = text
    .toLowerCase()
    .replace(/^[\s\-•*]*(?:[a-z]{1,2}:\s*)?/, '')
    .replace(TIME_OPENER, '')
    .split(/\s+/)
    .slice(0, 8);
  const end = words.findIndex((w) => /^(?:is|are|was|were|has|have|had|will|would|wants?|plans?|intends?|hopes?|needs?|next|nearby|in|on|at|of|from|behind|near|opposite|opens?|opened|closes?|closed|launch(?:es|ed)|moves?|moved|expands?|expanded|starts?|started|raises?|raised|offers?|offered)$/.test(w));
  const subject = (end > 0 ? words.slice(0, end) : []).map((w) => w.replace(/[^\p{L}-]/gu, ''));
  const party = partyOf(subject.filter((w, n) => !DETERMINER.test(w) || n === subject.length - 1));
  return Boolean(party) && !subject.some((w) => /^(?:we|i|us)$/.test(w)) && (subject[0] !== 'our' || ((party === 'rival' || party === 'buyer' || party === 'seller') && !OWN_FLOW.test(subject.at(-1)!)));
};

/** Whether a sentence's subject is a company named and no more, not the organization ("Hartwell Foods intends to …", "Zoolia, a German online pet retailer, wants …"). */
export const namedSubject = (text: string, organization: ReadonlySet<string>): boolean => {
  const m = /^[\s\-•*]*(?:The )?((?:\p{Lu}[\p{L}&'’-]+ ){0,3}\p{Lu}[\p{L}&'’-]+)(?:,[^,]{1,60},)? (?:intends?|plans?|wants?|proposes?|would like|needs?|has|have|is|are|will|asked|aims?|hopes?)\b/u.exec(text);
  if (!m) return false;
  const words = m[1]!.split(' ');
  return !words.some((w) => organization.has(w.toLowerCase())) && !(words.length === 1 && isEnglishWord(words[0]!)) && !words.every((w) => /^[A-Z]{2,5}$/.test(w)) && !/^(?:We|I|Our|They|It|He|She|This|That|These|Those|There)$/.test(words[0]!);
};
