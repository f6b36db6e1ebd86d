/**
 * English phrase banks per kind of business. Every sentence has its own subject so that it still reads
 * well after a connector ("Also, ...", "To be fair, ..."). Slots in braces are filled by texts.ts.
 */
export type TextKind = 'restaurant' | 'cafe' | 'hotel' | 'bank' | 'software' | 'clinic' | 'fitness' | 'spa';

export interface TopicBank {
  weight: number;
  pos: string[];
  neg: string[];
}

export interface ToneBank {
  pos: string[];
  neg: string[];
  mix: string[];
}

export interface KindBank {
  topics: Record<string, TopicBank>;
  openers: ToneBank;
  closers: ToneBank;
  /** One-line reviews, the commonest kind on Google. */
  short: ToneBank;
  titles: ToneBank;
}

const COMMON_CLOSERS: ToneBank = {
  pos: [
    'Will definitely come back!',
    'Highly recommended.',
    'Keep up the great work!',
    'Thank you {brand}!',
    'Five stars from me.',
    "Can't wait to visit again.",
    'Totally worth it.',
  ],
  neg: [
    'I will not be coming back.',
    'Management really needs to look into this.',
    'Very disappointed.',
    'Not worth the money.',
    'Please sort this out.',
    'Avoid.',
  ],
  mix: [
    'Might give it another try.',
    'Hope they improve.',
    'Good, but it could be so much better.',
    'Not bad, not great.',
    'Fingers crossed next time is better.',
  ],
};

const restaurant: KindBank = {
  topics: {
    food: {
      weight: 5,
      pos: [
        'The {item} was outstanding, full of flavour and perfectly cooked.',
        'We ordered the {item} and the {item2} and both were delicious.',
        'The {item} is hands down the best I have had in {city}.',
        'Portions are generous and the {item} tasted freshly made.',
        'My kids loved the {item} and finished everything on the plate.',
        'Everything came out hot and well seasoned, especially the {item}.',
        'The {item} was so good that we ordered a second one.',
        'The food quality is consistent every time we visit.',
        'The {item2} was a nice surprise, we will order it again.',
        'The chef clearly knows what he is doing, the {item} was spot on.',
      ],
      neg: [
        'The {item} was cold and tasted reheated.',
        'My {item} was bland and the {item2} was overcooked.',
        'The {item} tastes nothing like it used to.',
        'We found a hair in the {item}, which ruined the meal.',
        'The portions have become tiny for what you pay.',
        'The {item} was so salty that we could not finish it.',
        'The {item} was undercooked in the middle.',
        'The {item2} was dry and clearly not fresh.',
      ],
    },
    service: {
      weight: 4,
      pos: [
        'Service was quick and attentive from start to finish.',
        '{staff} looked after our table and gave great recommendations.',
        'Special thanks to {staff}, who was friendly and very professional.',
        'The team made us feel welcome the moment we walked in.',
        'Our server {staff} checked on us often without being intrusive.',
        'The manager came over to ask about the food, which was a nice touch.',
      ],
      neg: [
        'Service was painfully slow and nobody checked on us.',
        'We had to ask three times for water and for the bill.',
        'The waiter was rude when we pointed out the mistake.',
        'The staff seemed more interested in their phones than in the guests.',
        'Nobody greeted us at the door even though the place was half empty.',
        'Our order was mixed up with the next table and nobody apologised.',
      ],
    },
    waiting: {
      weight: 2,
      pos: [
        'Our food arrived within {mins} minutes even though it was busy.',
        'We got a table straight away on a {day} night.',
        'The kitchen was fast, mains came out in about {mins} minutes.',
      ],
      neg: [
        'We waited {mins} minutes for our mains.',
        'It took {mins} minutes to get a table despite our reservation.',
        'We waited {mins} minutes for a simple order.',
      ],
    },
    price: {
      weight: 2,
      pos: [
        'Prices are very reasonable for the quality.',
        'The business lunch is great value at {currency} {price}.',
        'It is fair value for a place in {place}.',
      ],
      neg: [
        'It is way overpriced for what you get.',
        'We paid {currency} {bill} for two people, which is too much for this quality.',
        'Prices went up again but the quality went down.',
      ],
    },
    cleanliness: {
      weight: 1,
      pos: [
        'The place is spotless, including the washrooms.',
        'Tables were cleaned quickly and everything felt hygienic.',
      ],
      neg: [
        'The tables were sticky and the floor had not been swept.',
        'The washroom was dirty and had no soap.',
        'I saw a staff member handling food without gloves.',
      ],
    },
    ambience: {
      weight: 2,
      pos: [
        'The ambience is lovely and perfect for a family dinner.',
        'The music and lighting create a great vibe.',
        'The terrace has a beautiful view, perfect for a {occasion}.',
        'The seating is cozy and the decor is beautiful.',
      ],
      neg: [
        'The music was so loud that we could not hear each other.',
        'The AC was not working and it was very hot inside.',
        'The tables are so cramped that we were practically sitting with the next table.',
      ],
    },
    delivery: {
      weight: 0,
      pos: [
        'The order arrived hot and well packed.',
        'Delivery was faster than expected and nothing spilled.',
        'The packaging is excellent and the {item} stayed crispy.',
        'The rider was polite and the food came in {mins} minutes.',
      ],
      neg: [
        'Delivery took over an hour and the food arrived cold.',
        'Half of the order was missing and the sauce had leaked everywhere.',
        'They forgot the {item} and nobody answered the phone.',
        'The {item} arrived soggy, the packaging needs improvement.',
      ],
    },
  },
  openers: {
    pos: [
      'Visited {brand} in {place} with {companion}.',
      'Second visit this month and it did not disappoint.',
      'What a great experience!',
      'Came here for a {occasion} and loved it.',
      'This is our go-to place in {city}.',
      'Tried {brand} for the first time today.',
    ],
    neg: [
      'Very disappointing visit.',
      'I usually like {brand} but this branch is not up to standard.',
      'Not what I expected from {brand}.',
      'Terrible experience today.',
      'Came here with {companion} and regretted it.',
    ],
    mix: [
      'Decent place overall.',
      'Mixed feelings about this visit.',
      'It was okay, nothing special.',
      'Visited {brand} in {place} with {companion}.',
    ],
  },
  closers: COMMON_CLOSERS,
  short: {
    pos: [
      'Great food and friendly staff!',
      'Amazing {item}!',
      'Best {item} in {city}.',
      'Always a pleasure.',
      'Excellent as always.',
      'Loved it!',
      'Good food, good vibes.',
      'Delicious, fresh and fast.',
      'Top quality, thank you {staff}!',
      'Our favourite {brand} branch.',
      'The {item} never disappoints.',
      'Great service by {staff}.',
      'Lovely place for a {occasion}.',
      'Tasty {item} and quick service.',
      'Highly recommend the {item}.',
      'Perfect {occasion} spot.',
    ],
    neg: [
      'Cold food, slow service.',
      'Not good anymore.',
      'Overpriced and bland.',
      'Worst service ever.',
      'Order was wrong again.',
      'Never again.',
      'The {item} was terrible today.',
      'Waited {mins} minutes, never again.',
      'Dirty tables and rude staff.',
    ],
    mix: [
      'Food ok, service slow.',
      'Average.',
      'It is fine, nothing special.',
      'Good {item}, long wait.',
      'Decent but overpriced.',
      'The {item} was fine, the rest average.',
      'Not as good as the {city} branches I know.',
    ],
  },
  titles: {
    pos: [
      'Amazing {item}',
      'Great dinner with family',
      'Lovely evening',
      'Excellent service',
      'Best in {city}',
      'A hidden gem in {place}',
      'Always consistent',
      'Perfect for a {occasion}',
    ],
    neg: [
      'Disappointing',
      'Never again',
      'Slow service and cold food',
      'Not worth the price',
      'Went downhill',
      'Poor experience',
    ],
    mix: ['Good food, slow service', 'Average experience', 'Hit and miss', 'Could be better', 'Nice place, overpriced'],
  },
};

const cafe: KindBank = {
  topics: {
    coffee: {
      weight: 5,
      pos: [
        'The {item} was perfectly made, smooth and not bitter at all.',
        'They roast their own beans and you can taste it.',
        'The baristas really know their coffee, my {item} was spot on.',
        'The {item} here is the best in {city}.',
      ],
      neg: [
        'The {item} was lukewarm and watery.',
        'My {item} tasted burnt.',
        'The coffee quality has dropped a lot recently.',
        'They got my {item} wrong twice.',
      ],
    },
    food: {
      weight: 2,
      pos: [
        'The {dish} was fresh and still warm.',
        'Their pastries are baked in the morning and it shows.',
        'The breakfast menu is small but everything on it is good.',
      ],
      neg: [
        'The {dish} was stale.',
        'The sandwiches looked like they had been sitting there all day.',
        'The cake was dry and overpriced.',
      ],
    },
    service: {
      weight: 3,
      pos: [
        '{staff} remembered my order, which made my morning.',
        'The baristas are friendly and fast even during the morning rush.',
        'Service is always quick and the team is lovely.',
      ],
      neg: [
        'The barista was rude and ignored us at the counter.',
        'The staff kept chatting while the queue grew.',
        'Nobody called out my order and it went cold on the counter.',
      ],
    },
    ambience: {
      weight: 2,
      pos: [
        'It is a great spot to work, with fast Wi-Fi and plenty of sockets.',
        'The place is cozy and quiet in the afternoon.',
        'The outdoor seating is lovely in winter.',
      ],
      neg: [
        'It is impossible to find a seat after 4 pm.',
        'The Wi-Fi kept dropping and there are hardly any sockets.',
        'The music is far too loud for a cafe.',
      ],
    },
    price: {
      weight: 1,
      pos: ['Prices are fair for specialty coffee.', 'The loyalty card is a nice bonus.'],
      neg: ['{currency} {price} for a small {item} is too much.', 'Prices keep going up every few months.'],
    },
    waiting: {
      weight: 1,
      pos: ['Even with a queue I had my {item} in under {mins} minutes.'],
      neg: ['I waited {mins} minutes for one {item}.', 'The queue barely moved for {mins} minutes.'],
    },
    delivery: {
      weight: 0,
      pos: ['The delivery was quick and the cups were sealed properly.', 'The {item} arrived still hot.'],
      neg: ['The drinks arrived spilled all over the bag.', 'The {item} arrived cold and the {dish} was missing.'],
    },
  },
  openers: {
    pos: [
      'My daily coffee stop.',
      'Popped into {brand} in {place} this morning.',
      'Lovely little cafe.',
      'Found my new favourite cafe in {city}.',
    ],
    neg: ['Really disappointing visit.', 'Used to love this branch, not anymore.', 'Not the {brand} standard.'],
    mix: ['Decent cafe.', 'It is okay for a quick coffee.', 'Popped into {brand} in {place} this morning.'],
  },
  closers: COMMON_CLOSERS,
  short: {
    pos: [
      'Best coffee in {city}!',
      'Great {item} and friendly baristas.',
      'Love this place.',
      'Perfect spot to work.',
      'Excellent coffee as always.',
      'Best {item} around, thanks {staff}!',
      'The {dish} is a must.',
      'Great {item}, cozy corner.',
    ],
    neg: ['Bad coffee, rude staff.', 'Way too slow.', 'Overpriced and average.'],
    mix: ['Coffee ok, service slow.', 'Nice place, average coffee.', 'Okay.'],
  },
  titles: {
    pos: ['Great coffee', 'Perfect work spot', 'Lovely cafe'],
    neg: ['Disappointing coffee', 'Slow and rude'],
    mix: ['Average', 'Nice place, average coffee'],
  },
};

const hotel: KindBank = {
  topics: {
    rooms: {
      weight: 5,
      pos: [
        'Our {item} was spacious, spotless and very comfortable.',
        'The bed was so comfortable that we slept like babies.',
        'The room had a stunning view of {view}.',
        'The room was upgraded on arrival, which was a lovely surprise.',
      ],
      neg: [
        'The room smelled of smoke and the carpet was stained.',
        'The AC in our {item} was noisy and barely cooled the room.',
        'The bathroom was dated and the shower pressure was weak.',
        'Our room was not ready until 6 pm.',
      ],
    },
    checkin: {
      weight: 3,
      pos: [
        'Check-in took less than five minutes.',
        '{staff} at reception was warm and helpful from the first minute.',
        'Early check-in was arranged without any fuss.',
      ],
      neg: [
        'Check-in took {mins} minutes with only one person at the desk.',
        'The reception staff were unhelpful and could not find our booking.',
        'We were charged a deposit that was never mentioned when we booked.',
      ],
    },
    breakfast: {
      weight: 3,
      pos: [
        'The breakfast buffet has a great variety, from Arabic to Indian to continental.',
        'The freshly made {dish} at breakfast was a highlight.',
        'The breakfast staff knew our preferences by the second day.',
      ],
      neg: [
        'The breakfast was repetitive and the hot food was lukewarm.',
        'The breakfast area was overcrowded and we waited for a table.',
        'Breakfast at {currency} {price} per person is poor value.',
      ],
    },
    location: {
      weight: 2,
      pos: [
        'The location is perfect, within walking distance of {landmark}.',
        'It is close to the metro and to {landmark}.',
      ],
      neg: [
        'The location is far from everything and taxis are expensive.',
        'Getting in and out of the car park takes forever.',
      ],
    },
    facilities: {
      weight: 2,
      pos: [
        'The pool is beautiful and the kids loved it.',
        'The gym is well equipped and open 24 hours.',
        'The spa was a real treat after a long day.',
      ],
      neg: [
        'The pool was closed for maintenance during our whole stay.',
        'The gym equipment is old and half of it was out of order.',
        'The Wi-Fi kept disconnecting in the room.',
      ],
    },
    staff: {
      weight: 3,
      pos: [
        'The staff went above and beyond, especially {staff}.',
        'Housekeeping was excellent and always on time.',
        'The concierge arranged a desert safari for us at short notice.',
      ],
      neg: [
        'Housekeeping skipped our room twice.',
        'The staff did not seem to care about our complaints.',
        'Room service took over an hour to deliver a sandwich.',
      ],
    },
    value: {
      weight: 1,
      pos: ['It is great value for a hotel of this standard.'],
      neg: ['It is overpriced for the quality of the rooms.', 'Hidden fees on checkout left a bad taste.'],
    },
  },
  openers: {
    pos: [
      'We stayed {nights} nights for a {occasion}.',
      'Wonderful stay at {brand} {place}.',
      'Our second stay here and it was even better.',
      'Stayed here on a business trip.',
    ],
    neg: [
      'Very disappointing stay.',
      'We stayed {nights} nights and regretted booking.',
      'Not the standard you expect from {brand}.',
    ],
    mix: ['We stayed {nights} nights.', 'An average stay overall.', 'Some good, some bad.'],
  },
  closers: {
    pos: [
      'We will definitely stay here again.',
      'Highly recommended for families.',
      'Thank you to the whole team!',
      'Already planning our next stay.',
    ],
    neg: ['We will not stay here again.', 'Book elsewhere.', 'Management please take note.'],
    mix: ['We might come back if the price is right.', 'Okay for a short stay.', 'Hope they renovate soon.'],
  },
  short: {
    pos: [
      'Excellent stay, friendly staff.',
      'Great hotel, great location.',
      'Lovely rooms and amazing breakfast.',
      'Perfect for families.',
      'Loved our {item}.',
      'Amazing view of {view}.',
      'Thank you {staff} for a great stay!',
      'Perfect {occasion}.',
      'Close to {landmark}, spotless rooms.',
    ],
    neg: ['Dirty room, rude staff.', 'Overpriced and tired.', 'Terrible service.'],
    mix: ['Good location, old rooms.', 'Okay for the price.', 'Average stay.'],
  },
  titles: {
    pos: [
      'Exceptional stay',
      'Perfect family getaway',
      'Superb service',
      'Great location and friendly staff',
      'Our favourite hotel in {city}',
      'Wonderful staycation',
    ],
    neg: ['Disappointing stay', 'Not worth the price', 'Poor service', 'Needs renovation', 'Would not recommend'],
    mix: ['Good location, tired rooms', 'Average stay', 'Mixed experience', 'Okay for a short stay'],
  },
};

const bank: KindBank = {
  topics: {
    waiting: {
      weight: 4,
      pos: [
        'I was served within {mins} minutes of taking a token.',
        'The queue system works well and the wait was short.',
      ],
      neg: [
        'I waited {mins} minutes with only two counters open.',
        'The branch was packed and the queue barely moved.',
        'They closed the counters at 1 pm while people were still waiting.',
      ],
    },
    staff: {
      weight: 4,
      pos: [
        '{staff} at the customer service desk was very helpful and patient.',
        'The relationship manager explained everything clearly.',
        'The staff are polite and professional.',
        '{staff} sorted out my card issue in minutes.',
      ],
      neg: [
        'The staff were unhelpful and kept sending me to another counter.',
        'The employee at the desk was rude and dismissive.',
        'Nobody could answer a simple question about my account.',
      ],
    },
    app: {
      weight: 3,
      pos: [
        'The mobile app is fast and easy to use.',
        'Transfers through the app are instant.',
        'The new app update is a big improvement.',
      ],
      neg: [
        'The app keeps logging me out and the OTP never arrives.',
        'The app crashes every time I try to make a transfer.',
        'Since the last update I cannot log in to the app at all.',
      ],
    },
    fees: {
      weight: 2,
      pos: ['There are no hidden fees and the rates are competitive.', 'The fees were explained upfront.'],
      neg: [
        'They charged me {currency} {price} in fees without any explanation.',
        'The minimum balance fee is ridiculous.',
        'Transfer fees are much higher than other banks.',
      ],
    },
    process: {
      weight: 3,
      pos: [
        'I opened my account in under half an hour.',
        'My {item} was approved within two days.',
        'The paperwork was simple and quick.',
      ],
      neg: [
        'My {item} application has been pending for three weeks.',
        'They asked for the same documents three times.',
        'My card was blocked without any notice.',
      ],
    },
    atm: {
      weight: 1,
      pos: ['The ATM and deposit machine are always working.'],
      neg: [
        'The ATM at this branch is out of service again.',
        'The cash deposit machine swallowed my money and it took a week to get it back.',
      ],
    },
  },
  openers: {
    pos: ['I visited the branch to {errand}.', 'Great branch.', 'Customer for {years} years and very happy.'],
    neg: [
      'Worst branch I have visited.',
      'I went to the branch to {errand} and wasted my whole morning.',
      'Very frustrating experience.',
    ],
    mix: ['I visited the branch to {errand}.', 'Average service.'],
  },
  closers: {
    pos: ['Thank you {brand}!', 'Highly recommended branch.', 'Keep it up.'],
    neg: ['I am thinking of closing my account.', 'Very poor customer service.', 'Please improve.'],
    mix: ['There is room for improvement.', 'It gets the job done.'],
  },
  short: {
    pos: ['Excellent service.', 'Helpful staff, short wait.', 'Very professional.', 'Quick and easy.'],
    neg: ['Long waiting time.', 'Very bad service.', 'Useless customer service.', 'ATM not working again.'],
    mix: ['Okay service.', 'Staff nice but slow.', 'Average.'],
  },
  titles: {
    pos: ['Great banking app', 'Easy to use', 'Fast transfers'],
    neg: ['Keeps crashing', 'Cannot log in', 'Worst update ever'],
    mix: ['Good but buggy', 'Needs improvement'],
  },
};

const software: KindBank = {
  topics: {
    usability: {
      weight: 4,
      pos: [
        '{product} is intuitive and our team picked it up in a day.',
        'The interface is clean and everything is where you expect it.',
        'The Arabic interface and right-to-left support are excellent.',
      ],
      neg: [
        'The interface is cluttered and hard to navigate.',
        'Simple tasks take far too many clicks.',
        'The mobile version is missing half of the features.',
      ],
    },
    support: {
      weight: 3,
      pos: [
        'Their support team answers within minutes, and {staff} was especially helpful.',
        'The onboarding call was thorough and well organised.',
        'Support actually listens to feature requests.',
      ],
      neg: [
        'Support takes days to reply to a ticket.',
        'The support team keeps closing tickets without solving them.',
        'There is no phone support, only a chatbot.',
      ],
    },
    pricing: {
      weight: 2,
      pos: [
        'The pricing is fair for a growing business.',
        'It is good value compared with the big international tools.',
      ],
      neg: [
        'They raised the price by 30% at renewal with no warning.',
        'Essential features are locked behind the most expensive plan.',
      ],
    },
    bugs: {
      weight: 3,
      pos: ['It is rock solid, we have had no downtime in a year.', 'Updates are frequent and nothing breaks.'],
      neg: [
        'The latest update broke {item} for us.',
        'It crashes whenever we export large reports.',
        'Syncing fails at least once a week.',
      ],
    },
    features: {
      weight: 4,
      pos: [
        'The {item} feature alone saves us hours every week.',
        '{item} works exactly as advertised.',
        'The integrations with local banks and delivery apps are a big plus.',
      ],
      neg: [
        '{item} is too basic for our needs.',
        'There is still no proper API for {item}.',
        'Reporting is very limited.',
      ],
    },
  },
  openers: {
    pos: [
      'We have used {product} for {years} years.',
      'We switched to {product} last year.',
      'Great product for SMEs in the region.',
    ],
    neg: ['We regret moving to {product}.', 'Used {product} for {years} years and the quality keeps dropping.'],
    mix: ['We have used {product} for {years} years.', 'Decent tool with some gaps.'],
  },
  closers: {
    pos: ['Highly recommended.', 'Worth every dirham.', 'Great job, team!'],
    neg: ['We are looking for alternatives.', 'Not recommended.', 'Please fix the basics first.'],
    mix: ['It does the job for now.', 'Hoping the roadmap delivers.'],
  },
  short: {
    pos: ['Great app!', 'Easy to use and reliable.', 'Does exactly what we need.', 'Love the {item} feature.'],
    neg: ['Keeps crashing.', 'Terrible support.', 'Buggy after the update.'],
    mix: ['Good but expensive.', 'Okay, needs more features.'],
  },
  titles: {
    pos: [
      'Great tool for SMEs',
      'Easy to use and reliable',
      'Best {item} tool we have used',
      'Saves us hours every week',
      'Excellent support',
    ],
    neg: ['Buggy and slow support', 'Price hike with no value', 'Disappointed', 'Crashes constantly'],
    mix: ['Good, but missing features', 'Solid core, weak reporting', 'Decent value'],
  },
};

const clinic: KindBank = {
  topics: {
    doctor: {
      weight: 5,
      pos: [
        '{doctor} was thorough and explained everything clearly.',
        '{doctor} listened patiently and did not rush me.',
        'The {item} team is excellent and very professional.',
      ],
      neg: [
        'The doctor spent barely five minutes with me.',
        'The doctor did not listen and prescribed antibiotics straight away.',
        'I got a different diagnosis from another clinic the next day.',
      ],
    },
    waiting: {
      weight: 4,
      pos: ['I was seen on time for my appointment.', 'The wait was under {mins} minutes.'],
      neg: [
        'I waited {mins} minutes even though I had an appointment.',
        'The waiting room was full and nobody told us about the delay.',
      ],
    },
    reception: {
      weight: 3,
      pos: [
        'The receptionist {staff} was kind and organised.',
        'The insurance approval was handled quickly at the front desk.',
      ],
      neg: [
        'The reception staff were rude on the phone.',
        'They rejected my insurance after the consultation.',
        'Booking an appointment by phone is impossible.',
      ],
    },
    cleanliness: {
      weight: 1,
      pos: ['The clinic is spotless and modern.'],
      neg: ['The clinic was not as clean as it should be.'],
    },
    staff: {
      weight: 2,
      pos: ['The nurses were gentle with my son.', 'Everyone was caring, from the nurses to the pharmacist.'],
      neg: ['The nurse was rough and impatient.', 'Nobody explained the lab results to me.'],
    },
    billing: {
      weight: 1,
      pos: ['Prices are transparent and fair.'],
      neg: [
        'I was charged {currency} {price} for tests I did not ask for.',
        'The consultation fee went up without notice.',
      ],
    },
  },
  openers: {
    pos: ['I took my family to {brand} in {place}.', 'Our family clinic for {years} years.', 'Very good experience.'],
    neg: ['Very disappointing visit.', 'I took my daughter here and regretted it.'],
    mix: ['It is an okay clinic.', 'I took my family to {brand} in {place}.'],
  },
  closers: {
    pos: ['Highly recommended.', 'Thank you to the whole team.', 'We will keep coming here.'],
    neg: ['I will look for another clinic.', 'Not recommended.', 'Please train your staff.'],
    mix: ['There is room for improvement.', 'Good doctors, poor organisation.'],
  },
  short: {
    pos: ['Excellent doctors.', 'Very caring staff.', 'Clean and professional.', 'Best clinic in the area.'],
    neg: ['Long wait, rude staff.', 'Very bad experience.', 'Insurance problems every time.'],
    mix: ['Good doctor, long wait.', 'Okay.'],
  },
  titles: { pos: ['Caring doctors'], neg: ['Long waits'], mix: ['Okay clinic'] },
};

const fitness: KindBank = {
  topics: {
    equipment: {
      weight: 4,
      pos: [
        'The equipment is modern and well maintained.',
        'There are plenty of racks and I never wait for a machine.',
      ],
      neg: ['Half of the treadmills have been broken for weeks.', 'The equipment is old and the cables are fraying.'],
    },
    trainers: {
      weight: 4,
      pos: [
        'Coach {staff} pushed me hard and I have already lost {kg} kg.',
        'The trainers are certified and really care about form.',
        'The {item} classes are energetic and well run.',
      ],
      neg: [
        'The trainers only pay attention to people who buy PT sessions.',
        'The {item} class was cancelled twice without notice.',
      ],
    },
    crowding: {
      weight: 2,
      pos: ['It is never too crowded, even after work.'],
      neg: ['It is so crowded between 6 and 9 pm that you cannot train properly.'],
    },
    cleanliness: {
      weight: 2,
      pos: ['The changing rooms and showers are spotless.'],
      neg: ['The changing rooms are dirty and the showers are often cold.'],
    },
    membership: {
      weight: 2,
      pos: ['The membership is good value and freezing it was easy.'],
      neg: ['Cancelling my membership was a nightmare.', 'They charged my card after I had cancelled.'],
    },
  },
  openers: {
    pos: ['Member here for {years} years.', 'Best gym I have been to in {city}.'],
    neg: ['Very disappointed with this branch.', 'I joined in January and already regret it.'],
    mix: ['Decent gym.', 'Member here for {years} years.'],
  },
  closers: {
    pos: ['Highly recommended!', 'Love this club.'],
    neg: ['Look elsewhere.', 'Not worth the membership.'],
    mix: ['It is fine for the price.', 'Could be better.'],
  },
  short: {
    pos: ['Great gym, great coaches.', 'Clean and well equipped.', 'Love the {item} classes!'],
    neg: ['Broken machines, dirty showers.', 'Too crowded.'],
    mix: ['Okay gym.', 'Good classes, crowded evenings.'],
  },
  titles: { pos: ['Great gym'], neg: ['Disappointing'], mix: ['Okay gym'] },
};

const spa: KindBank = {
  topics: {
    treatment: {
      weight: 5,
      pos: ['The {item} was the best I have ever had.', '{staff} has magic hands, the {item} was incredibly relaxing.'],
      neg: [
        'The {item} felt rushed and ended ten minutes early.',
        'The therapist was chatting on the phone before the {item}.',
      ],
    },
    ambience: {
      weight: 3,
      pos: ['The ambience is calm and the oud scent is lovely.', 'The relaxation lounge is beautiful.'],
      neg: ['Noise from the corridor spoiled the treatment.', 'The treatment room was cold.'],
    },
    booking: {
      weight: 2,
      pos: ['Booking on WhatsApp was quick and easy.'],
      neg: ['They double-booked my slot and I had to wait {mins} minutes.'],
    },
    price: {
      weight: 2,
      pos: ['The packages are good value.'],
      neg: ['{currency} {price} for an hour is too expensive for this standard.'],
    },
  },
  openers: {
    pos: ['Treated myself to a spa day.', 'Came here with {companion}.'],
    neg: ['Not a relaxing experience at all.'],
    mix: ['Came here with {companion}.'],
  },
  closers: COMMON_CLOSERS,
  short: {
    pos: ['So relaxing!', 'Wonderful {item}.', 'Amazing therapists.'],
    neg: ['Rushed and overpriced.', 'Not relaxing at all.'],
    mix: ['Okay, a bit pricey.'],
  },
  titles: { pos: ['Pure relaxation', 'Wonderful {item}'], neg: ['Disappointing'], mix: ['Nice but pricey'] },
};

/** Openers for delivery orders and app reviews, where "visited" would be wrong. */
export const CHANNEL_OPENERS: Record<'delivery' | 'app', ToneBank> = {
  delivery: {
    pos: [
      'Ordered dinner for {companion} tonight.',
      'Ordered lunch to the office.',
      'Our usual weekend order.',
      'First time ordering from {brand}.',
    ],
    neg: [
      'Ordered dinner for {companion} and regretted it.',
      'Terrible delivery experience.',
      'I order from {brand} every week but this time was awful.',
    ],
    mix: ['Ordered lunch to the office.', 'Our usual weekend order.'],
  },
  app: {
    pos: ['I use the app every day.', 'Customer for {years} years, and the app keeps getting better.', 'Great app.'],
    neg: ['Worst banking app I have used.', 'The app used to work fine.', 'Very frustrating app.'],
    mix: ['The app is okay.', 'Customer for {years} years.'],
  },
};

export const EN_BANKS: Record<TextKind, KindBank> = { restaurant, cafe, hotel, bank, software, clinic, fitness, spa };

/** Values for the small slots that do not come from the business itself. */
export const EN_SLOTS = {
  companion: [
    'my family',
    'friends',
    'colleagues',
    'my wife',
    'my husband',
    'the kids',
    'my parents',
    'a group of friends',
  ],
  occasion: [
    'birthday dinner',
    'business lunch',
    'family gathering',
    'date night',
    'Friday brunch',
    'iftar',
    'anniversary',
    'weekend treat',
  ],
  day: ['Thursday', 'Friday', 'Saturday', 'weekday'],
  errand: [
    'open a savings account',
    'update my Emirates ID',
    'collect my new card',
    'ask about a personal loan',
    'deposit a cheque',
    'close an old account',
  ],
  hotelOccasion: ['family holiday', 'weekend staycation', 'business trip', 'anniversary', 'long weekend'],
} as const;
