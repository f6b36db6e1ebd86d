import type { Rng } from './random';

/** Name pools of the people who live in, work in and visit the Gulf. */
export type Culture = 'arab' | 'indian' | 'filipino' | 'western' | 'french';

export interface Person {
  firstName: string;
  lastName: string;
  culture: Culture;
}

const FIRST: Record<Culture, { m: string[]; f: string[] }> = {
  arab: {
    m: [
      'Ahmed',
      'Mohammed',
      'Omar',
      'Khalid',
      'Faisal',
      'Yousef',
      'Abdullah',
      'Hamad',
      'Saeed',
      'Rashid',
      'Tariq',
      'Sultan',
      'Majed',
      'Nasser',
      'Hassan',
      'Ali',
      'Ibrahim',
      'Waleed',
      'Fahad',
      'Turki',
      'Bader',
      'Karim',
      'Ziad',
      'Rami',
    ],
    f: [
      'Fatima',
      'Aisha',
      'Mariam',
      'Noura',
      'Layla',
      'Hessa',
      'Reem',
      'Sara',
      'Dana',
      'Lama',
      'Amal',
      'Hind',
      'Shaikha',
      'Maha',
      'Rania',
      'Nadia',
      'Yasmin',
      'Dalia',
      'Lina',
      'Haya',
    ],
  },
  indian: {
    m: [
      'Rahul',
      'Arjun',
      'Vikram',
      'Rohan',
      'Anil',
      'Suresh',
      'Ramesh',
      'Karthik',
      'Sanjay',
      'Nikhil',
      'Aditya',
      'Faizal',
      'Shahid',
      'Joseph',
      'Vineeth',
      'Pradeep',
      'Amit',
      'Manoj',
    ],
    f: [
      'Priya',
      'Ananya',
      'Deepa',
      'Kavya',
      'Neha',
      'Pooja',
      'Shreya',
      'Divya',
      'Lakshmi',
      'Aparna',
      'Sneha',
      'Meera',
      'Anjali',
      'Fathima',
      'Riya',
    ],
  },
  filipino: {
    m: ['Mark', 'John Paul', 'Jerome', 'Carlo', 'Paolo', 'Rodel', 'Jun', 'Arnel', 'Christian', 'Joel', 'Ramon', 'Rey'],
    f: [
      'Maria',
      'Kristine',
      'Joy',
      'Mae',
      'Angelica',
      'Jennifer',
      'Rhea',
      'Grace',
      'Jasmine',
      'Cherry',
      'Lovely',
      'Princess',
    ],
  },
  western: {
    m: [
      'James',
      'Daniel',
      'Oliver',
      'Thomas',
      'Michael',
      'David',
      'Ryan',
      'Luke',
      'Matthew',
      'Chris',
      'Ben',
      'Alex',
      'Sam',
      'Peter',
    ],
    f: [
      'Sarah',
      'Emma',
      'Charlotte',
      'Sophie',
      'Hannah',
      'Emily',
      'Laura',
      'Olivia',
      'Rachel',
      'Kate',
      'Jessica',
      'Anna',
      'Lucy',
      'Natalie',
    ],
  },
  french: {
    m: ['Julien', 'Nicolas', 'Pierre', 'Antoine', 'Mehdi', 'Youssef', 'Louis', 'Hugo', 'Maxime'],
    f: ['Camille', 'Chloé', 'Manon', 'Léa', 'Inès', 'Sophie', 'Amélie', 'Claire', 'Nadia'],
  },
};

const LAST: Record<Culture, string[]> = {
  arab: [
    'Al Mansoori',
    'Al Hashimi',
    'Al Falasi',
    'Al Nuaimi',
    'Al Shamsi',
    'Al Qahtani',
    'Al Otaibi',
    'Al Harbi',
    'Al Ghamdi',
    'Al Zahrani',
    'Al Dossari',
    'Al Mutairi',
    'Haddad',
    'Khoury',
    'Nasser',
    'El Sayed',
    'Mahmoud',
    'Abdelrahman',
    'Saleh',
    'Al Ketbi',
    'Al Suwaidi',
    'Al Marri',
    'Bakr',
    'Aziz',
  ],
  indian: [
    'Sharma',
    'Nair',
    'Menon',
    'Iyer',
    'Reddy',
    'Patel',
    'Kapoor',
    'Pillai',
    'Gupta',
    'Desai',
    'Varghese',
    'Thomas',
    'Krishnan',
    'Rao',
    'Shetty',
    'Khan',
    'Fernandes',
    "D'Souza",
  ],
  filipino: [
    'Santos',
    'Reyes',
    'Cruz',
    'Bautista',
    'Garcia',
    'Mendoza',
    'Dela Cruz',
    'Villanueva',
    'Ramos',
    'Aquino',
    'Castillo',
    'Navarro',
  ],
  western: [
    'Smith',
    'Johnson',
    'Brown',
    'Taylor',
    'Wilson',
    'Clarke',
    'Walker',
    'Hughes',
    'Bennett',
    'Murphy',
    'Collins',
    'Turner',
    'Harris',
    'Evans',
  ],
  french: ['Martin', 'Bernard', 'Dubois', 'Laurent', 'Moreau', 'Lefèvre', 'Benali', 'Girard', 'Rousseau', 'Fontaine'],
};

/** Arabic-script forms, for reviewers who write their name in Arabic. */
const ARABIC_FIRST = [
  'محمد',
  'أحمد',
  'عبدالله',
  'خالد',
  'فيصل',
  'سلطان',
  'عمر',
  'يوسف',
  'فهد',
  'نورة',
  'فاطمة',
  'مريم',
  'سارة',
  'ريم',
  'هند',
  'عائشة',
  'منى',
  'لطيفة',
];
const ARABIC_LAST = [
  'العتيبي',
  'القحطاني',
  'الشمري',
  'الحربي',
  'الغامدي',
  'المنصوري',
  'الهاشمي',
  'الزهراني',
  'الدوسري',
  'الكعبي',
  'المطيري',
  'السويدي',
];

export function person(rng: Rng, culture: Culture): Person {
  const pool = FIRST[culture];
  const firstName = rng.pick(rng.chance(0.5) ? pool.m : pool.f);
  return { firstName, lastName: rng.pick(LAST[culture]), culture };
}

/** The Gulf's mix: many Arab, Indian and Filipino residents, and Western expatriates and tourists. */
export function gulfCulture(rng: Rng, saudi: boolean): Culture {
  return saudi
    ? rng.weighted<Culture>([
        ['arab', 62],
        ['indian', 16],
        ['filipino', 9],
        ['western', 11],
        ['french', 2],
      ])
    : rng.weighted<Culture>([
        ['arab', 34],
        ['indian', 28],
        ['filipino', 14],
        ['western', 20],
        ['french', 4],
      ]);
}

export interface ReviewerName {
  /** As shown on the source. */
  display: string;
  /** What a reply calls the reviewer; null when the display name is a handle. */
  firstName: string | null;
}

/** A reviewer's display name in the styles review sites show: full, initial, Arabic script or a handle. */
export function reviewerName(rng: Rng, culture: Culture, arabicScript: boolean): ReviewerName {
  if (arabicScript) {
    const first = rng.pick(ARABIC_FIRST);
    return { display: rng.chance(0.8) ? `${first} ${rng.pick(ARABIC_LAST)}` : first, firstName: first };
  }
  const p = person(rng, culture);
  const style = rng.next();
  if (style < 0.62) return { display: `${p.firstName} ${p.lastName}`, firstName: p.firstName };
  if (style < 0.86) return { display: `${p.firstName} ${p.lastName[0]}.`, firstName: p.firstName };
  if (style < 0.94) return { display: p.firstName, firstName: p.firstName };
  const handle = `${p.firstName.toLowerCase().replace(/[^a-z]/g, '')}${rng.pick(['_', '', '.'])}${rng.int(7, 99)}`;
  return { display: handle, firstName: null };
}
