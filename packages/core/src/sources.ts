import { COMPETITOR_SOURCES_MESSAGE } from './messages';

/**
 * Review-source catalogue (spec 001 sections 3 and 5).
 *
 * `pattern` is the source of a regular expression for the provider's host, without anchors.
 * A source URL is accepted when the provider's host follows `http(s)://` and an optional `www.`
 * and ends there (a `/`, `?`, `#`, `:port` or the end of the address follows), so lookalike hosts
 * such as `yelp.com.evil.io` or `evil.com/yelp.com` fail. Patterns are matched case-insensitively.
 */
export type ReviewSource = {
  value: string;
  title: string;
  pattern: string;
  isAdditionalSource: boolean;
  positionInList: number;
  delivery?: boolean;
};

/** Country variants many providers use: google.ae, tripadvisor.co.uk, amazon.com.au, yelp.ca. */
const COUNTRY_TLD = '(?:com|[a-z]{2}|co\\.[a-z]{2}|com\\.[a-z]{2})';

/** Escapes a literal host so dots match only dots. */
function hostPattern(...hosts: string[]): string {
  return hosts.map((h) => h.replace(/\./g, '\\.')).join('|');
}

/** A brand whose sites live on many country domains: `name.com`, `name.ae`, `name.co.uk`... */
function countryHosts(name: string): string {
  return `${name.replace(/\./g, '\\.')}\\.${COUNTRY_TLD}`;
}

type SourceEntry = Omit<ReviewSource, 'positionInList' | 'isAdditionalSource'>;

/** The main sources: shown first, in this order, with their own flags on a company. */
const MAIN: SourceEntry[] = [
  { value: 'google', title: 'Google', pattern: countryHosts('google') },
  { value: 'facebook', title: 'Facebook', pattern: `(?:m\\.)?facebook\\.com|${hostPattern('fb.com')}` },
  { value: 'foursquare', title: 'Foursquare', pattern: hostPattern('foursquare.com') },
  { value: 'zomato', title: 'Zomato', pattern: hostPattern('zomato.com') },
  { value: 'tripadvisor', title: 'TripAdvisor', pattern: countryHosts('tripadvisor') },
  { value: 'talabat', title: 'Talabat', pattern: hostPattern('talabat.com') },
  { value: 'hungerstation', title: 'HungerStation', pattern: hostPattern('hungerstation.com'), delivery: true },
  { value: 'reserveout', title: 'ReserveOut', pattern: hostPattern('reserveout.com') },
  { value: 'booking', title: 'Booking', pattern: hostPattern('booking.com') },
  { value: 'expedia', title: 'Expedia', pattern: countryHosts('expedia') },
  // First-party feedback has no outside address, so no URL is ever valid for it.
  { value: 'feedback', title: 'Feedback', pattern: '' },
  { value: 'instagram', title: 'Instagram', pattern: hostPattern('instagram.com') },
];

/** Additional sources (spec: "about 100"), alphabetical by title. */
const ADDITIONAL: SourceEntry[] = [
  { value: 'agoda', title: 'Agoda', pattern: hostPattern('agoda.com') },
  { value: 'airbnb', title: 'Airbnb', pattern: countryHosts('airbnb') },
  {
    value: 'aliexpress',
    title: 'AliExpress',
    pattern: hostPattern('aliexpress.com', 'aliexpress.us', 'aliexpress.ru'),
  },
  { value: 'almosafer', title: 'Almosafer', pattern: hostPattern('almosafer.com') },
  { value: 'amazon', title: 'Amazon', pattern: countryHosts('amazon') },
  { value: 'ambitionbox', title: 'AmbitionBox', pattern: hostPattern('ambitionbox.com') },
  { value: 'angi', title: 'Angi', pattern: hostPattern('angi.com', 'angieslist.com') },
  { value: 'appstore', title: 'App Store', pattern: hostPattern('apps.apple.com', 'itunes.apple.com') },
  { value: 'appgallery', title: 'AppGallery', pattern: hostPattern('appgallery.huawei.com') },
  {
    value: 'autotrader',
    title: 'Autotrader',
    pattern: hostPattern('autotrader.com', 'autotrader.co.uk', 'autotrader.ca'),
  },
  { value: 'bankrate', title: 'Bankrate', pattern: hostPattern('bankrate.com') },
  { value: 'bark', title: 'Bark', pattern: hostPattern('bark.com') },
  { value: 'bayt', title: 'Bayt', pattern: hostPattern('bayt.com') },
  { value: 'bbb', title: 'Better Business Bureau', pattern: hostPattern('bbb.org') },
  { value: 'bestbuy', title: 'Best Buy', pattern: hostPattern('bestbuy.com', 'bestbuy.ca') },
  { value: 'booksy', title: 'Booksy', pattern: hostPattern('booksy.com') },
  { value: 'capterra', title: 'Capterra', pattern: countryHosts('capterra') },
  { value: 'careem', title: 'Careem', pattern: hostPattern('careem.com') },
  { value: 'cargurus', title: 'CarGurus', pattern: hostPattern('cargurus.com', 'cargurus.ca', 'cargurus.co.uk') },
  {
    value: 'carrefour',
    title: 'Carrefour',
    pattern: hostPattern(
      'carrefouruae.com',
      'carrefourksa.com',
      'carrefouregypt.com',
      'carrefourqatar.com',
      'carrefourkuwait.com',
      'carrefouroman.com',
      'carrefourbahrain.com',
      'carrefourjordan.com',
      'carrefour.fr',
      'carrefour.es',
      'carrefour.it',
    ),
  },
  { value: 'carscom', title: 'Cars.com', pattern: hostPattern('cars.com') },
  // Chatfood also accepts its dashboard address, see validateSourceUrl.
  { value: 'chatfood', title: 'Chatfood', pattern: hostPattern('chatfood.io'), delivery: true },
  { value: 'checkatrade', title: 'Checkatrade', pattern: hostPattern('checkatrade.com') },
  { value: 'classpass', title: 'ClassPass', pattern: hostPattern('classpass.com') },
  { value: 'clutch', title: 'Clutch', pattern: hostPattern('clutch.co') },
  { value: 'comparably', title: 'Comparably', pattern: hostPattern('comparably.com') },
  { value: 'consumeraffairs', title: 'ConsumerAffairs', pattern: hostPattern('consumeraffairs.com') },
  { value: 'coursereport', title: 'Course Report', pattern: hostPattern('coursereport.com') },
  { value: 'creditkarma', title: 'Credit Karma', pattern: hostPattern('creditkarma.com') },
  { value: 'dealerrater', title: 'DealerRater', pattern: hostPattern('dealerrater.com', 'dealerrater.ca') },
  { value: 'deliveroo', title: 'Deliveroo', pattern: countryHosts('deliveroo'), delivery: true },
  { value: 'dianping', title: 'Dianping', pattern: hostPattern('dianping.com') },
  { value: 'doctolib', title: 'Doctolib', pattern: hostPattern('doctolib.fr', 'doctolib.de', 'doctolib.it') },
  { value: 'doordash', title: 'DoorDash', pattern: hostPattern('doordash.com'), delivery: true },
  { value: 'dubizzle', title: 'Dubizzle', pattern: hostPattern('dubizzle.com') },
  { value: 'eatapp', title: 'Eat App', pattern: hostPattern('eatapp.co') },
  { value: 'ebay', title: 'eBay', pattern: countryHosts('ebay') },
  { value: 'edmunds', title: 'Edmunds', pattern: hostPattern('edmunds.com') },
  { value: 'elmenus', title: 'elmenus', pattern: hostPattern('elmenus.com') },
  { value: 'etsy', title: 'Etsy', pattern: hostPattern('etsy.com') },
  { value: 'feefo', title: 'Feefo', pattern: hostPattern('feefo.com') },
  { value: 'flipkart', title: 'Flipkart', pattern: hostPattern('flipkart.com') },
  { value: 'foodpanda', title: 'foodpanda', pattern: countryHosts('foodpanda') },
  { value: 'fresha', title: 'Fresha', pattern: hostPattern('fresha.com') },
  { value: 'g2', title: 'G2', pattern: hostPattern('g2.com') },
  { value: 'gartner', title: 'Gartner Peer Insights', pattern: hostPattern('gartner.com') },
  { value: 'getapp', title: 'GetApp', pattern: hostPattern('getapp.com') },
  { value: 'getyourguide', title: 'GetYourGuide', pattern: countryHosts('getyourguide') },
  { value: 'glassdoor', title: 'Glassdoor', pattern: countryHosts('glassdoor') },
  { value: 'glovo', title: 'Glovo', pattern: hostPattern('glovoapp.com') },
  { value: 'goodfirms', title: 'GoodFirms', pattern: hostPattern('goodfirms.co') },
  { value: 'googleplay', title: 'Google Play', pattern: hostPattern('play.google.com') },
  { value: 'greatschools', title: 'GreatSchools', pattern: hostPattern('greatschools.org') },
  { value: 'grubhub', title: 'Grubhub', pattern: hostPattern('grubhub.com') },
  { value: 'happycow', title: 'HappyCow', pattern: hostPattern('happycow.net') },
  { value: 'headout', title: 'Headout', pattern: hostPattern('headout.com') },
  { value: 'healthgrades', title: 'Healthgrades', pattern: hostPattern('healthgrades.com') },
  {
    value: 'holidaycheck',
    title: 'HolidayCheck',
    pattern: hostPattern('holidaycheck.de', 'holidaycheck.at', 'holidaycheck.ch'),
  },
  { value: 'homeadvisor', title: 'HomeAdvisor', pattern: hostPattern('homeadvisor.com') },
  { value: 'hostelworld', title: 'Hostelworld', pattern: hostPattern('hostelworld.com') },
  { value: 'hotelscom', title: 'Hotels.com', pattern: hostPattern('hotels.com') },
  { value: 'houzz', title: 'Houzz', pattern: countryHosts('houzz') },
  { value: 'hrs', title: 'HRS', pattern: hostPattern('hrs.com', 'hrs.de') },
  // Indeed serves countries on subdomains (uk.indeed.com, ae.indeed.com).
  { value: 'indeed', title: 'Indeed', pattern: '(?:[a-z]{2}\\.)?indeed\\.com' },
  { value: 'instashop', title: 'InstaShop', pattern: hostPattern('instashop.com') },
  { value: 'jahez', title: 'Jahez', pattern: hostPattern('jahez.net') },
  {
    value: 'justeat',
    title: 'Just Eat',
    pattern: hostPattern(
      'just-eat.co.uk',
      'just-eat.ie',
      'just-eat.ch',
      'just-eat.es',
      'just-eat.fr',
      'just-eat.dk',
      'just-eat.no',
    ),
  },
  { value: 'kayak', title: 'KAYAK', pattern: countryHosts('kayak') },
  { value: 'kbb', title: 'Kelley Blue Book', pattern: hostPattern('kbb.com') },
  { value: 'keeta', title: 'Keeta', pattern: hostPattern('keeta.com'), delivery: true },
  { value: 'klook', title: 'Klook', pattern: hostPattern('klook.com') },
  { value: 'kununu', title: 'kununu', pattern: hostPattern('kununu.com') },
  { value: 'lieferando', title: 'Lieferando', pattern: hostPattern('lieferando.de', 'lieferando.at') },
  { value: 'linkedin', title: 'LinkedIn', pattern: hostPattern('linkedin.com') },
  { value: 'manta', title: 'Manta', pattern: hostPattern('manta.com') },
  { value: 'michelin', title: 'MICHELIN Guide', pattern: hostPattern('guide.michelin.com') },
  { value: 'mindbody', title: 'Mindbody', pattern: hostPattern('mindbodyonline.com') },
  { value: 'mrsool', title: 'Mrsool', pattern: hostPattern('mrsool.co') },
  { value: 'namshi', title: 'Namshi', pattern: hostPattern('namshi.com') },
  { value: 'naukrigulf', title: 'Naukrigulf', pattern: hostPattern('naukrigulf.com') },
  { value: 'nerdwallet', title: 'NerdWallet', pattern: hostPattern('nerdwallet.com') },
  { value: 'nextdoor', title: 'Nextdoor', pattern: hostPattern('nextdoor.com') },
  { value: 'niche', title: 'Niche', pattern: hostPattern('niche.com') },
  { value: 'noon', title: 'Noon', pattern: hostPattern('noon.com') },
  { value: 'okadoc', title: 'Okadoc', pattern: hostPattern('okadoc.com') },
  { value: 'opentable', title: 'OpenTable', pattern: countryHosts('opentable') },
  { value: 'openrice', title: 'OpenRice', pattern: hostPattern('openrice.com') },
  { value: 'orbitz', title: 'Orbitz', pattern: hostPattern('orbitz.com') },
  { value: 'porch', title: 'Porch', pattern: hostPattern('porch.com') },
  { value: 'postmates', title: 'Postmates', pattern: hostPattern('postmates.com') },
  { value: 'practo', title: 'Practo', pattern: hostPattern('practo.com') },
  { value: 'priceline', title: 'Priceline', pattern: hostPattern('priceline.com') },
  { value: 'producthunt', title: 'Product Hunt', pattern: hostPattern('producthunt.com') },
  { value: 'productreview', title: 'ProductReview.com.au', pattern: hostPattern('productreview.com.au') },
  { value: 'quandoo', title: 'Quandoo', pattern: countryHosts('quandoo') },
  { value: 'ratemds', title: 'RateMDs', pattern: hostPattern('ratemds.com') },
  { value: 'resellerratings', title: 'ResellerRatings', pattern: hostPattern('resellerratings.com') },
  { value: 'resy', title: 'Resy', pattern: hostPattern('resy.com') },
  { value: 'reviewsio', title: 'REVIEWS.io', pattern: hostPattern('reviews.io', 'reviews.co.uk') },
  { value: 'servicemarket', title: 'ServiceMarket', pattern: hostPattern('servicemarket.com') },
  { value: 'sevenrooms', title: 'SevenRooms', pattern: hostPattern('sevenrooms.com') },
  { value: 'sitejabber', title: 'Sitejabber', pattern: hostPattern('sitejabber.com') },
  { value: 'skipthedishes', title: 'SkipTheDishes', pattern: hostPattern('skipthedishes.com') },
  { value: 'softwareadvice', title: 'Software Advice', pattern: hostPattern('softwareadvice.com') },
  { value: 'sourceforge', title: 'SourceForge', pattern: hostPattern('sourceforge.net') },
  { value: 'swiggy', title: 'Swiggy', pattern: hostPattern('swiggy.com') },
  { value: 'tabelog', title: 'Tabelog', pattern: hostPattern('tabelog.com') },
  { value: 'target', title: 'Target', pattern: hostPattern('target.com') },
  { value: 'thefork', title: 'TheFork', pattern: countryHosts('thefork') },
  { value: 'thumbtack', title: 'Thumbtack', pattern: hostPattern('thumbtack.com') },
  { value: 'tiktok', title: 'TikTok', pattern: hostPattern('tiktok.com') },
  { value: 'timeout', title: 'Time Out', pattern: hostPattern('timeout.com') },
  { value: 'tiqets', title: 'Tiqets', pattern: hostPattern('tiqets.com') },
  { value: 'treatwell', title: 'Treatwell', pattern: countryHosts('treatwell') },
  { value: 'trip', title: 'Trip.com', pattern: hostPattern('trip.com') },
  { value: 'trivago', title: 'trivago', pattern: countryHosts('trivago') },
  { value: 'trustedshops', title: 'Trusted Shops', pattern: countryHosts('trustedshops') },
  // Trustpilot serves countries on subdomains (uk.trustpilot.com, de.trustpilot.com).
  { value: 'trustpilot', title: 'Trustpilot', pattern: '(?:[a-z]{2}\\.)?trustpilot\\.com' },
  { value: 'trustradius', title: 'TrustRadius', pattern: hostPattern('trustradius.com') },
  { value: 'twitter', title: 'X (Twitter)', pattern: hostPattern('twitter.com', 'x.com') },
  { value: 'ubereats', title: 'Uber Eats', pattern: hostPattern('ubereats.com'), delivery: true },
  { value: 'vagaro', title: 'Vagaro', pattern: hostPattern('vagaro.com') },
  { value: 'vezeeta', title: 'Vezeeta', pattern: hostPattern('vezeeta.com') },
  { value: 'viator', title: 'Viator', pattern: hostPattern('viator.com') },
  { value: 'vitals', title: 'Vitals', pattern: hostPattern('vitals.com') },
  { value: 'vrbo', title: 'Vrbo', pattern: hostPattern('vrbo.com') },
  { value: 'wallethub', title: 'WalletHub', pattern: hostPattern('wallethub.com') },
  { value: 'walmart', title: 'Walmart', pattern: hostPattern('walmart.com') },
  { value: 'wolt', title: 'Wolt', pattern: hostPattern('wolt.com') },
  { value: 'yell', title: 'Yell', pattern: hostPattern('yell.com') },
  { value: 'yellowpages', title: 'Yellow Pages', pattern: hostPattern('yellowpages.com', 'yellowpages.ca') },
  { value: 'yelp', title: 'Yelp', pattern: countryHosts('yelp') },
  { value: 'youtube', title: 'YouTube', pattern: hostPattern('youtube.com') },
  { value: 'zocdoc', title: 'Zocdoc', pattern: hostPattern('zocdoc.com') },
];

function withPositions(): ReviewSource[] {
  const main = MAIN.map((s, i) => ({ ...s, isAdditionalSource: false, positionInList: i + 1 }));
  const extra = ADDITIONAL.map((s, i) => ({ ...s, isAdditionalSource: true, positionInList: MAIN.length + i + 1 }));
  return [...main, ...extra];
}

/** Every known source, main ones first; `positionInList` is 1-based and follows this order. */
export const SOURCES: readonly ReviewSource[] = withPositions();

const BY_VALUE = new Map(SOURCES.map((s) => [s.value, s]));

export function sourceByValue(value: string): ReviewSource | undefined {
  return BY_VALUE.get(value);
}

/** The display title of a source; unknown values show as themselves so nothing renders blank. */
export function sourceTitle(value: string): string {
  return BY_VALUE.get(value)?.title ?? value;
}

/** The delivery platforms as the spec names them (labels). */
export const DELIVERY_PLATFORMS = ['Deliveroo', 'Chatfood', 'Ubereats', 'Doordash', 'HungerStation', 'Keeta'] as const;

/** Source values of delivery platforms: the spec's five plus Keeta, which the platform list also names. */
export const DELIVERY_SOURCES: readonly string[] = SOURCES.filter((s) => s.delivery).map((s) => s.value);

export function isDeliverySource(value: string): boolean {
  return BY_VALUE.get(value)?.delivery === true;
}

/** The first-party source: never a competitor source and never has an outside URL. */
export const FEEDBACK_SOURCE = 'feedback';

export const MAX_COMPETITOR_SOURCES = 4;

/**
 * The competitor sources a company may keep: only those it also has as sources, never Feedback,
 * each once, in the order wanted. The limit of 4 is checked separately so a caller can
 * reject (API) or disable the fifth choice (web) instead of silently dropping one.
 */
export function competitorSourcesFor(companySources: readonly string[], wanted: readonly string[]): string[] {
  const allowed = new Set(companySources);
  const kept = wanted.filter((s) => s !== FEEDBACK_SOURCE && allowed.has(s));
  return [...new Set(kept)];
}

/** The spec's message when more than 4 competitor sources are chosen, otherwise null. */
export function competitorSourcesError(sources: readonly string[]): string | null {
  return new Set(sources).size > MAX_COMPETITOR_SOURCES ? COMPETITOR_SOURCES_MESSAGE : null;
}

/**
 * What may follow a host: an optional numeric port, then a path, query or fragment, or nothing.
 * The port must be digits so `https://yelp.com:x@evil.com` (user info, host evil.com) fails.
 */
const AFTER_HOST = '(?::\\d{1,5})?(?:[/?#][^\\s]*)?$';

/**
 * Google places: `{host}/maps?cid=N`, the older `{host}/?cid=N`, or `{host}/maps/place/...`.
 * The older form was served from maps.google.com, so `maps.` is accepted like `www.`.
 */
const GOOGLE_URL = new RegExp(
  `^https?://(?:www\\.|maps\\.)?google\\.${COUNTRY_TLD}/(?:maps/?\\?cid=\\d+|\\?cid=\\d+|maps/place/[^\\s]+)(?:[&#/][^\\s]*)?$`,
  'i',
);

/**
 * Chatfood dashboard address of an outlet. Its form, which we define:
 *   https://dashboard.chatfood.io/business/{businessId}/outlets/{outletId}[/more][?query]
 * where both ids are UUIDs (8-4-4-4-12 hexadecimal digits).
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CHATFOOD_DASHBOARD_URL = new RegExp(
  `^https?://dashboard\\.chatfood\\.io/business/${UUID}/outlets/${UUID}(?:[/?#][^\\s]*)?$`,
  'i',
);

function hostUrlRegex(pattern: string): RegExp {
  return new RegExp(`^https?://(?:www\\.)?(?:${pattern})${AFTER_HOST}`, 'i');
}

const HOST_URL_CACHE = new Map<string, RegExp>();

/** The address check of a source other than Google, or null when the source has no outside address. */
function urlRegexFor(source: ReviewSource): RegExp | null {
  if (!source.pattern) return null;
  let re = HOST_URL_CACHE.get(source.value);
  if (!re) {
    re = hostUrlRegex(source.pattern);
    HOST_URL_CACHE.set(source.value, re);
  }
  return re;
}

/**
 * Whether `url` is an acceptable address for `source` (spec 001 section 5). The value is checked
 * exactly as given (no trimming) because it is what gets stored. Unknown sources and Feedback
 * never accept an address.
 */
export function validateSourceUrl(source: string, url: string): boolean {
  if (typeof url !== 'string' || url === '') return false;
  if (source === 'google') return GOOGLE_URL.test(url);
  const known = BY_VALUE.get(source);
  if (!known) return false;
  if (source === 'chatfood' && CHATFOOD_DASHBOARD_URL.test(url)) return true;
  return urlRegexFor(known)?.test(url) ?? false;
}

/** The message shown under a source address that fails validateSourceUrl. */
export function SOURCE_URL_MESSAGE(sourceTitle: string): string {
  return `Please enter a valid ${sourceTitle} address.`;
}
