/**
 * Places in the UAE and Saudi Arabia used by the demo customer base: malls and high streets where
 * restaurants and cafes trade, with approximate coordinates.
 */
export type RegionCode = 'DXB' | 'AUH' | 'SHJ' | 'AJM' | 'RAK' | 'FUJ' | 'AAN' | 'RUH' | 'JED' | 'DMM';

export const UAE = 'United Arab Emirates';
export const KSA = 'Saudi Arabia';

export interface Region {
  code: RegionCode;
  /** The region (state row) title. */
  title: string;
  city: string;
  country: typeof UAE | typeof KSA;
  timeZone: 'Asia/Dubai' | 'Asia/Riyadh';
  /** TripAdvisor's geo id and city part of its addresses. */
  taGeo: string;
  taCity: string;
}

export const REGIONS: Record<RegionCode, Region> = {
  DXB: {
    code: 'DXB',
    title: 'Dubai',
    city: 'Dubai',
    country: UAE,
    timeZone: 'Asia/Dubai',
    taGeo: '295424',
    taCity: 'Dubai_Emirate_of_Dubai',
  },
  AUH: {
    code: 'AUH',
    title: 'Abu Dhabi',
    city: 'Abu Dhabi',
    country: UAE,
    timeZone: 'Asia/Dubai',
    taGeo: '294013',
    taCity: 'Abu_Dhabi_Emirate_of_Abu_Dhabi',
  },
  SHJ: {
    code: 'SHJ',
    title: 'Sharjah',
    city: 'Sharjah',
    country: UAE,
    timeZone: 'Asia/Dubai',
    taGeo: '298064',
    taCity: 'Sharjah_Emirate_of_Sharjah',
  },
  AJM: {
    code: 'AJM',
    title: 'Northern Emirates',
    city: 'Ajman',
    country: UAE,
    timeZone: 'Asia/Dubai',
    taGeo: '298063',
    taCity: 'Ajman_Emirate_of_Ajman',
  },
  RAK: {
    code: 'RAK',
    title: 'Northern Emirates',
    city: 'Ras Al Khaimah',
    country: UAE,
    timeZone: 'Asia/Dubai',
    taGeo: '298065',
    taCity: 'Ras_Al_Khaimah_Emirate_of_Ras_Al_Khaimah',
  },
  FUJ: {
    code: 'FUJ',
    title: 'Northern Emirates',
    city: 'Fujairah',
    country: UAE,
    timeZone: 'Asia/Dubai',
    taGeo: '298066',
    taCity: 'Fujairah_Emirate_of_Fujairah',
  },
  AAN: {
    code: 'AAN',
    title: 'Abu Dhabi',
    city: 'Al Ain',
    country: UAE,
    timeZone: 'Asia/Dubai',
    taGeo: '298062',
    taCity: 'Al_Ain_Emirate_of_Abu_Dhabi',
  },
  RUH: {
    code: 'RUH',
    title: 'Riyadh',
    city: 'Riyadh',
    country: KSA,
    timeZone: 'Asia/Riyadh',
    taGeo: '293995',
    taCity: 'Riyadh_Riyadh_Province',
  },
  JED: {
    code: 'JED',
    title: 'Jeddah',
    city: 'Jeddah',
    country: KSA,
    timeZone: 'Asia/Riyadh',
    taGeo: '295419',
    taCity: 'Jeddah_Mecca_Province',
  },
  DMM: {
    code: 'DMM',
    title: 'Eastern Province',
    city: 'Al Khobar',
    country: KSA,
    timeZone: 'Asia/Riyadh',
    taGeo: '298547',
    taCity: 'Al_Khobar_Eastern_Province',
  },
};

export function offsetHours(timeZone: string): number {
  // Neither zone observes daylight saving time.
  return timeZone === 'Asia/Riyadh' ? 3 : 4;
}

export interface Site {
  /** Short name used in location titles ("Dubai Mall"). */
  short: string;
  address: string;
  district: string;
  /** Overrides the region's city (Dammam and Dhahran in the Eastern Province). */
  city?: string;
  lat: number;
  lng: number;
  /** Flagship sites get more visitors, and so more reviews. */
  flagship?: boolean;
}

/** Retail sites per region, where the restaurant and cafe brands trade. */
export const RETAIL_SITES: Partial<Record<RegionCode, Site[]>> = {
  DXB: [
    {
      short: 'Dubai Mall',
      address: 'The Dubai Mall, Lower Ground, Financial Center Rd',
      district: 'Downtown Dubai',
      lat: 25.1972,
      lng: 55.2796,
      flagship: true,
    },
    {
      short: 'Mall of the Emirates',
      address: 'Mall of the Emirates, Level 1, Sheikh Zayed Rd',
      district: 'Al Barsha 1',
      lat: 25.1181,
      lng: 55.2006,
      flagship: true,
    },
    {
      short: 'JBR The Walk',
      address: 'The Walk, Jumeirah Beach Residence, Plaza Level',
      district: 'JBR',
      lat: 25.0781,
      lng: 55.1337,
    },
    {
      short: 'City Walk',
      address: 'City Walk, Building 8, Al Safa Rd',
      district: 'Al Wasl',
      lat: 25.2069,
      lng: 55.2627,
    },
    {
      short: 'Dubai Marina Mall',
      address: 'Dubai Marina Mall, Ground Floor, Sheikh Zayed Rd',
      district: 'Dubai Marina',
      lat: 25.0764,
      lng: 55.1403,
    },
    { short: 'Al Seef', address: 'Al Seef, Al Khaleej Rd', district: 'Bur Dubai', lat: 25.2627, lng: 55.3023 },
    {
      short: 'Dubai Hills Mall',
      address: 'Dubai Hills Mall, Level 2, Al Khail Rd',
      district: 'Dubai Hills Estate',
      lat: 25.1025,
      lng: 55.2396,
    },
    {
      short: 'Ibn Battuta',
      address: 'Ibn Battuta Mall, China Court, Sheikh Zayed Rd',
      district: 'Jebel Ali Village',
      lat: 25.0443,
      lng: 55.1177,
    },
    {
      short: 'Mirdif City Centre',
      address: 'City Centre Mirdif, Level 1, Sheikh Mohammed Bin Zayed Rd',
      district: 'Mirdif',
      lat: 25.2163,
      lng: 55.408,
    },
    { short: 'Business Bay', address: 'Bay Avenue, Al Abraj St', district: 'Business Bay', lat: 25.1866, lng: 55.278 },
    {
      short: 'Deira City Centre',
      address: 'City Centre Deira, Ground Floor, 8th St',
      district: 'Port Saeed',
      lat: 25.2526,
      lng: 55.3306,
    },
    {
      short: 'Umm Suqeim',
      address: 'Jumeirah Beach Rd, Umm Suqeim 2',
      district: 'Umm Suqeim',
      lat: 25.151,
      lng: 55.204,
    },
    {
      short: 'Nakheel Mall',
      address: 'Nakheel Mall, Level 1, Palm Jumeirah',
      district: 'Palm Jumeirah',
      lat: 25.1125,
      lng: 55.139,
    },
    {
      short: 'Festival City',
      address: 'Dubai Festival City Mall, Canal Walk',
      district: 'Al Badia',
      lat: 25.222,
      lng: 55.3523,
    },
    {
      short: 'Silicon Central',
      address: 'Silicon Central Mall, Ground Floor',
      district: 'Dubai Silicon Oasis',
      lat: 25.1197,
      lng: 55.3903,
    },
  ],
  AUH: [
    {
      short: 'Yas Mall',
      address: 'Yas Mall, Ground Floor, Yas Leisure Dr',
      district: 'Yas Island',
      lat: 24.4886,
      lng: 54.6086,
      flagship: true,
    },
    {
      short: 'The Galleria',
      address: 'The Galleria, Al Maryah Island, Hamouda Bin Ali Al Dhaheri St',
      district: 'Al Maryah Island',
      lat: 24.5007,
      lng: 54.3888,
    },
    { short: 'Marina Mall', address: 'Marina Mall, Breakwater', district: 'Al Kasir', lat: 24.476, lng: 54.3213 },
    {
      short: 'Al Wahda Mall',
      address: 'Al Wahda Mall, Hazza Bin Zayed the First St',
      district: 'Al Wahda',
      lat: 24.4702,
      lng: 54.3728,
    },
    {
      short: 'Abu Dhabi Mall',
      address: 'Abu Dhabi Mall, 10th St',
      district: 'Tourist Club Area',
      lat: 24.496,
      lng: 54.3832,
    },
    {
      short: 'Saadiyat Grove',
      address: 'Saadiyat Grove, Saadiyat Cultural District',
      district: 'Saadiyat Island',
      lat: 24.537,
      lng: 54.435,
    },
    {
      short: 'Khalifa City',
      address: 'Khalifa City Market, Street 16',
      district: 'Khalifa City A',
      lat: 24.419,
      lng: 54.576,
    },
  ],
  SHJ: [
    {
      short: 'City Centre Sharjah',
      address: 'City Centre Sharjah, Al Wahda St',
      district: 'Al Qasimia',
      lat: 25.3256,
      lng: 55.392,
    },
    {
      short: 'Al Majaz Waterfront',
      address: 'Al Majaz Waterfront, Corniche St',
      district: 'Al Majaz',
      lat: 25.324,
      lng: 55.383,
    },
    { short: 'Sahara Centre', address: 'Sahara Centre, Al Nahda Rd', district: 'Al Nahda', lat: 25.2975, lng: 55.3733 },
    { short: 'Aljada', address: 'Aljada, Hub Zero Boulevard', district: 'Muwaileh', lat: 25.305, lng: 55.455 },
  ],
  RUH: [
    {
      short: 'Riyadh Park',
      address: 'Riyadh Park, Northern Ring Rd',
      district: 'Al Aqiq',
      lat: 24.756,
      lng: 46.629,
      flagship: true,
    },
    {
      short: 'Kingdom Centre',
      address: 'Kingdom Centre, King Fahd Rd',
      district: 'Al Olaya',
      lat: 24.7114,
      lng: 46.6744,
      flagship: true,
    },
    {
      short: 'Al Nakheel Mall',
      address: 'Al Nakheel Mall, Imam Saud bin Abdulaziz Rd',
      district: 'Al Mughrizat',
      lat: 24.772,
      lng: 46.716,
    },
    {
      short: 'Boulevard City',
      address: 'Boulevard Riyadh City, Prince Turki bin Abdulaziz Al Awwal Rd',
      district: 'Hittin',
      lat: 24.767,
      lng: 46.602,
    },
    {
      short: 'Tahlia Street',
      address: 'Prince Mohammed bin Abdulaziz Rd (Tahlia St)',
      district: 'Al Olaya',
      lat: 24.695,
      lng: 46.685,
    },
    {
      short: 'Granada Mall',
      address: 'Granada Mall, Eastern Ring Rd',
      district: 'Ghirnatah',
      lat: 24.783,
      lng: 46.729,
    },
    {
      short: 'Panorama Mall',
      address: 'Panorama Mall, Al Takhassusi St',
      district: 'Al Mursalat',
      lat: 24.693,
      lng: 46.67,
    },
    { short: 'Via Riyadh', address: 'Via Riyadh, Al Hada', district: 'Al Hada', lat: 24.668, lng: 46.623 },
  ],
  JED: [
    {
      short: 'Red Sea Mall',
      address: 'Red Sea Mall, King Abdulaziz Rd',
      district: 'Obhur Al Janoubiyah',
      lat: 21.627,
      lng: 39.111,
      flagship: true,
    },
    {
      short: 'Mall of Arabia',
      address: 'Mall of Arabia, Al Madinah Al Munawwarah Rd',
      district: 'Al Bawadi',
      lat: 21.632,
      lng: 39.156,
    },
    {
      short: 'Tahlia Jeddah',
      address: 'Prince Mohammed bin Abdulaziz St (Tahlia)',
      district: 'Al Andalus',
      lat: 21.543,
      lng: 39.15,
    },
    { short: 'North Corniche', address: 'North Corniche Rd', district: 'Al Shati', lat: 21.596, lng: 39.109 },
    {
      short: 'Le Prestige',
      address: 'Le Prestige Mall, Prince Sultan St',
      district: 'Al Muhammadiyah',
      lat: 21.615,
      lng: 39.145,
    },
  ],
  DMM: [
    {
      short: 'Al Rashid Mall',
      address: 'Al Rashid Mall, King Abdullah Rd',
      district: 'Al Khobar Al Janubiyah',
      lat: 26.299,
      lng: 50.197,
    },
    {
      short: 'Mall of Dhahran',
      address: 'Mall of Dhahran, King Saud Rd',
      district: 'Doha Al Janubiyah',
      city: 'Dhahran',
      lat: 26.303,
      lng: 50.166,
    },
    {
      short: 'Nakheel Mall Dammam',
      address: 'Nakheel Mall, King Fahd Rd',
      district: 'Al Hamra',
      city: 'Dammam',
      lat: 26.4,
      lng: 50.128,
    },
    {
      short: 'Khobar Corniche',
      address: 'Prince Turki St, Khobar Corniche',
      district: 'Al Yarmouk',
      lat: 26.295,
      lng: 50.218,
    },
  ],
};
