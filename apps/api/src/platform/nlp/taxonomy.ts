import { DEFAULT_UI_LANGUAGE, type UiLanguage } from '@reputo/core';
import { topicText } from '../i18n';

/**
 * Topics and sub-topics that reviews talk about, by kind of business. A topic is found in a sentence
 * when one of its words appears there (matched on the word's lemma or its lower-case form). A
 * sub-topic's words also count for its topic; the topic's own `words` give a mention without a
 * sub-topic. Multi-word phrases (with a space) are matched on the sentence's normalised text.
 */
export interface TopicDef {
  title: string;
  words: string[];
  subtopics: Record<string, { title: string; words: string[] }>;
}

export type Taxonomy = Record<string, TopicDef>;

export type BusinessKind =
  'restaurant' | 'cafe' | 'hotel' | 'bank' | 'software' | 'clinic' | 'fitness' | 'spa' | 'retail' | 'general';

const waiting: TopicDef = {
  title: 'Waiting time',
  words: [
    'wait',
    'waited',
    'waiting',
    'queue',
    'line',
    'forever',
    'minutes',
    'hour',
    'hours',
    'delay',
    'delayed',
    'late',
  ],
  subtopics: {},
};

const price: TopicDef = {
  title: 'Price',
  words: [
    'price',
    'prices',
    'priced',
    'overpriced',
    'expensive',
    'cheap',
    'value',
    'money',
    'cost',
    'worth',
    'affordable',
    'pay',
    'paid',
    'bill',
  ],
  subtopics: {
    value: { title: 'Value for money', words: ['value', 'worth', 'overpriced', 'affordable', 'reasonable'] },
    fees: { title: 'Fees and charges', words: ['fee', 'fees', 'charge', 'charged', 'charges', 'deposit', 'hidden'] },
  },
};

const cleanliness: TopicDef = {
  title: 'Cleanliness',
  words: [
    'clean',
    'cleaned',
    'dirty',
    'spotless',
    'hygiene',
    'hygienic',
    'sticky',
    'swept',
    'stain',
    'stained',
    'smell',
    'smelled',
    'dust',
    'dusty',
    'tidy',
    'filthy',
  ],
  subtopics: {
    washroom: {
      title: 'Washrooms',
      words: ['washroom', 'washrooms', 'toilet', 'toilets', 'restroom', 'bathroom', 'soap'],
    },
  },
};

const staff: TopicDef = {
  title: 'Staff',
  words: ['staff', 'team', 'employee', 'employees', 'manager', 'management', 'crew', 'person', 'guy', 'lady'],
  subtopics: {
    friendliness: {
      title: 'Friendliness',
      words: [
        'friendly',
        'rude',
        'polite',
        'welcoming',
        'welcome',
        'warm',
        'smile',
        'smiling',
        'kind',
        'arrogant',
        'unfriendly',
      ],
    },
    professionalism: {
      title: 'Professionalism',
      words: ['professional', 'unprofessional', 'knowledgeable', 'helpful', 'unhelpful', 'competent', 'careless'],
    },
  },
};

const service: TopicDef = {
  title: 'Service',
  words: ['service', 'served', 'serve', 'attentive', 'recommendation', 'recommendations', 'experience'],
  subtopics: {
    speed: {
      title: 'Speed of service',
      words: ['quick', 'quickly', 'fast', 'slow', 'slowly', 'painfully', 'prompt', 'promptly'],
    },
    waiters: { title: 'Waiters', words: ['waiter', 'waiters', 'waitress', 'server', 'host', 'hostess'] },
    accuracy: { title: 'Order accuracy', words: ['mistake', 'mixed', 'wrong', 'forgot', 'missing'] },
  },
};

const food: TopicDef = {
  title: 'Food',
  words: [
    'food',
    'dish',
    'dishes',
    'meal',
    'menu',
    'chef',
    'kitchen',
    'cooked',
    'delicious',
    'tasty',
    'bland',
    'flavour',
    'flavor',
  ],
  subtopics: {
    taste: {
      title: 'Taste',
      words: [
        'taste',
        'tasted',
        'tastes',
        'delicious',
        'tasty',
        'bland',
        'salty',
        'flavour',
        'flavor',
        'seasoned',
        'spicy',
        'yummy',
      ],
    },
    freshness: { title: 'Freshness', words: ['fresh', 'freshly', 'stale', 'reheated', 'frozen', 'dry'] },
    temperature: { title: 'Food temperature', words: ['cold', 'hot', 'lukewarm', 'warm'] },
    portions: { title: 'Portions', words: ['portion', 'portions', 'generous', 'tiny', 'small', 'plate'] },
    quality: { title: 'Food quality', words: ['quality', 'undercooked', 'overcooked', 'hair', 'raw', 'burnt'] },
  },
};

const ambience: TopicDef = {
  title: 'Ambience',
  words: ['ambience', 'ambiance', 'atmosphere', 'vibe', 'vibes', 'decor', 'interior', 'place', 'cozy', 'cosy'],
  subtopics: {
    music: { title: 'Music and noise', words: ['music', 'loud', 'noisy', 'noise', 'quiet'] },
    seating: { title: 'Seating', words: ['seating', 'seat', 'seats', 'table', 'tables', 'cramped', 'terrace', 'view'] },
    climate: { title: 'Air conditioning', words: ['ac', 'air', 'conditioning', 'hot inside'] },
  },
};

const delivery: TopicDef = {
  title: 'Delivery',
  words: ['delivery', 'delivered', 'deliver', 'order', 'ordered', 'rider', 'driver', 'arrived'],
  subtopics: {
    packaging: { title: 'Packaging', words: ['packaging', 'packed', 'spilled', 'leaked', 'soggy', 'container'] },
    timing: {
      title: 'Delivery time',
      words: ['delivery time', 'arrived late', 'late delivery', 'faster than expected', 'took over an hour'],
    },
  },
};

const location: TopicDef = {
  title: 'Location',
  words: ['location', 'located', 'parking', 'park', 'metro', 'walking', 'distance', 'area', 'access'],
  subtopics: { parking: { title: 'Parking', words: ['parking', 'car park', 'valet'] } },
};

const TAXONOMIES: Record<BusinessKind, Taxonomy> = {
  restaurant: { food, service, staff, waiting, price, cleanliness, ambience, delivery, location },
  cafe: {
    coffee: {
      title: 'Coffee and drinks',
      words: [
        'coffee',
        'latte',
        'espresso',
        'cappuccino',
        'flat white',
        'barista',
        'baristas',
        'beans',
        'roast',
        'tea',
        'drink',
        'drinks',
        'bitter',
        'matcha',
      ],
      subtopics: {
        baristas: { title: 'Baristas', words: ['barista', 'baristas'] },
        taste: { title: 'Taste', words: ['bitter', 'smooth', 'strong', 'weak', 'burnt'] },
      },
    },
    food,
    service,
    staff,
    waiting,
    price,
    cleanliness,
    ambience,
    delivery,
  },
  hotel: {
    rooms: {
      title: 'Rooms',
      words: [
        'room',
        'rooms',
        'suite',
        'bed',
        'beds',
        'bathroom',
        'shower',
        'carpet',
        'view',
        'balcony',
        'pillow',
        'upgraded',
      ],
      subtopics: {
        comfort: { title: 'Comfort', words: ['bed', 'comfortable', 'uncomfortable', 'pillow', 'spacious', 'cramped'] },
        bathroom: { title: 'Bathroom', words: ['bathroom', 'shower', 'toilet'] },
        noise: { title: 'Noise', words: ['noisy', 'noise', 'quiet', 'loud'] },
      },
    },
    checkin: {
      title: 'Check-in',
      words: ['check-in', 'checkin', 'check in', 'checkout', 'check-out', 'reception', 'desk', 'booking', 'arrival'],
      subtopics: {},
    },
    breakfast: {
      title: 'Breakfast and dining',
      words: ['breakfast', 'buffet', 'dinner', 'restaurant', 'food', 'room service'],
      subtopics: {},
    },
    facilities: {
      title: 'Facilities',
      words: ['pool', 'gym', 'spa', 'wifi', 'wi-fi', 'facilities', 'lift', 'elevator'],
      subtopics: {
        pool: { title: 'Pool', words: ['pool'] },
        wifi: { title: 'Wi-Fi', words: ['wifi', 'wi-fi', 'internet'] },
        gym: { title: 'Gym', words: ['gym'] },
      },
    },
    staff: { ...staff, words: [...staff.words, 'housekeeping', 'concierge'] },
    location,
    price,
    cleanliness,
  },
  bank: {
    waiting,
    staff,
    app: {
      title: 'Mobile app',
      words: [
        'app',
        'application',
        'online',
        'login',
        'log',
        'update',
        'crash',
        'crashes',
        'otp',
        'transfer',
        'transfers',
      ],
      subtopics: {
        login: { title: 'Login', words: ['login', 'log', 'otp', 'password'] },
        transfers: { title: 'Transfers', words: ['transfer', 'transfers', 'remittance'] },
      },
    },
    fees: {
      title: 'Fees',
      words: ['fee', 'fees', 'charge', 'charges', 'charged', 'interest', 'rate', 'rates'],
      subtopics: {},
    },
    process: {
      title: 'Accounts and loans',
      words: [
        'account',
        'loan',
        'loans',
        'mortgage',
        'card',
        'cards',
        'documents',
        'paperwork',
        'process',
        'application',
        'approved',
      ],
      subtopics: {
        cards: { title: 'Cards', words: ['card', 'cards', 'credit'] },
        loans: { title: 'Loans', words: ['loan', 'loans', 'mortgage', 'finance'] },
      },
    },
    atm: { title: 'ATMs', words: ['atm', 'atms', 'cash', 'machine', 'deposit'], subtopics: {} },
    branch: { title: 'Branch', words: ['branch', 'parking', 'location', 'counter'], subtopics: {} },
  },
  software: {
    usability: {
      title: 'Ease of use',
      words: ['easy', 'intuitive', 'interface', 'ui', 'ux', 'confusing', 'use', 'simple', 'complicated', 'navigate'],
      subtopics: {},
    },
    support: {
      title: 'Support',
      words: ['support', 'help', 'ticket', 'tickets', 'response', 'responded', 'agent', 'chat', 'onboarding'],
      subtopics: {},
    },
    pricing: {
      title: 'Pricing',
      words: ['price', 'pricing', 'subscription', 'plan', 'plans', 'expensive', 'cheap', 'cost', 'value', 'money'],
      subtopics: {},
    },
    bugs: {
      title: 'Reliability',
      words: [
        'bug',
        'bugs',
        'crash',
        'crashes',
        'crashed',
        'error',
        'errors',
        'glitch',
        'slow',
        'freeze',
        'freezes',
        'sync',
        'down',
        'outage',
      ],
      subtopics: { performance: { title: 'Performance', words: ['slow', 'fast', 'speed', 'lag', 'freeze'] } },
    },
    features: {
      title: 'Features',
      words: [
        'feature',
        'features',
        'integration',
        'integrations',
        'report',
        'reports',
        'functionality',
        'missing',
        'export',
      ],
      subtopics: {},
    },
  },
  clinic: {
    doctor: {
      title: 'Doctors',
      words: [
        'doctor',
        'doctors',
        'dr',
        'physician',
        'dentist',
        'diagnosis',
        'treatment',
        'consultation',
        'specialist',
      ],
      subtopics: {},
    },
    waiting,
    reception: {
      title: 'Reception and appointments',
      words: ['reception', 'receptionist', 'appointment', 'appointments', 'booking', 'booked', 'front desk'],
      subtopics: {},
    },
    staff: { ...staff, words: [...staff.words, 'nurse', 'nurses'] },
    cleanliness,
    billing: {
      title: 'Billing and insurance',
      words: ['insurance', 'bill', 'billing', 'invoice', 'price', 'cost', 'expensive', 'charged', 'fees', 'claim'],
      subtopics: {},
    },
  },
  fitness: {
    equipment: {
      title: 'Equipment',
      words: ['equipment', 'machine', 'machines', 'weights', 'treadmill', 'dumbbells', 'broken'],
      subtopics: {},
    },
    trainers: {
      title: 'Trainers and classes',
      words: ['trainer', 'trainers', 'coach', 'coaches', 'class', 'classes', 'instructor', 'session', 'sessions'],
      subtopics: {},
    },
    crowding: { title: 'Crowding', words: ['crowded', 'busy', 'packed', 'peak', 'empty', 'queue'], subtopics: {} },
    cleanliness,
    membership: {
      title: 'Membership',
      words: ['membership', 'contract', 'cancel', 'cancellation', 'fee', 'fees', 'price', 'expensive', 'value'],
      subtopics: {},
    },
    staff,
  },
  spa: {
    treatment: {
      title: 'Treatments',
      words: ['massage', 'treatment', 'therapist', 'facial', 'therapy', 'pressure', 'relaxing', 'scrub'],
      subtopics: {},
    },
    ambience,
    booking: {
      title: 'Booking',
      words: ['booking', 'booked', 'appointment', 'reservation', 'late', 'wait', 'waited'],
      subtopics: {},
    },
    price,
    staff,
    cleanliness,
  },
  retail: {
    products: {
      title: 'Products',
      words: ['product', 'products', 'quality', 'stock', 'item', 'items', 'selection', 'range', 'size'],
      subtopics: {},
    },
    staff,
    service,
    price,
    waiting,
    cleanliness,
    location,
    delivery: { ...delivery, words: [...delivery.words, 'shipping', 'shipped', 'refund', 'return', 'returns'] },
  },
  general: {
    service,
    staff,
    price,
    waiting,
    cleanliness,
    location,
    quality: { title: 'Quality', words: ['quality', 'good', 'poor'], subtopics: {} },
  },
};

const KIND_BY_TYPE: Record<string, BusinessKind> = {
  Restaurants: 'restaurant',
  Cafes: 'cafe',
  Hotels: 'hotel',
  'Tourist Attractions': 'hotel',
  Banks: 'bank',
  'Business Services': 'general',
  Software: 'software',
  'Mobile Apps': 'software',
  eCommerce: 'retail',
  Healthcare: 'clinic',
  Pharmacies: 'clinic',
  Fitness: 'fitness',
  Wellness: 'spa',
  Spas: 'spa',
  Fashion: 'retail',
  Electronics: 'retail',
  Malls: 'retail',
  Automotive: 'general',
  Education: 'general',
  'Home Services': 'general',
  Other: 'general',
};

/** The kind of business a company type is analysed as. */
export function businessKindFor(companyType: string | null | undefined): BusinessKind {
  return (companyType && KIND_BY_TYPE[companyType]) || 'general';
}

export function taxonomyFor(companyType: string | null | undefined): Taxonomy {
  return TAXONOMIES[businessKindFor(companyType)];
}

/**
 * Every topic path of every business kind (`food`, `food.taste`: a sub-topic's path is its topic's
 * key, a dot and its key) with the titles the kinds give it. The `topics` catalogue is keyed by
 * path, so a path must have one title over all kinds (taxonomy.test.ts checks it).
 */
export function topicPathTitles(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (path: string, title: string) => {
    const titles = out.get(path) ?? [];
    if (!titles.includes(title)) titles.push(title);
    out.set(path, titles);
  };
  for (const taxonomy of Object.values(TAXONOMIES))
    for (const [key, def] of Object.entries(taxonomy)) {
      add(key, def.title);
      for (const [sub, s] of Object.entries(def.subtopics)) add(`${key}.${sub}`, s.title);
    }
  return out;
}

/**
 * Display title of a topic or sub-topic key for a company type, in a language (the `topics`
 * catalogue, whose English is the taxonomy's titles); unknown keys show as themselves.
 */
export function topicTitle(
  companyType: string | null | undefined,
  topic: string,
  subtopic = '',
  language: UiLanguage = DEFAULT_UI_LANGUAGE,
): string {
  const def = taxonomyFor(companyType)[topic];
  if (!def) return topic;
  const english = subtopic ? def.subtopics[subtopic]?.title : def.title;
  if (english === undefined) return subtopic;
  return topicText(language, subtopic ? `${topic}.${subtopic}` : topic) ?? english;
}
