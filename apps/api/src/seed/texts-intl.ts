import type { TextKind, ToneBank } from './texts-en';

/**
 * Arabic, French and Hindi-English (Hinglish) sentences per tone. Fewer than the English banks:
 * reviews in these languages are composed from whole sentences rather than topic templates.
 */
export type Group = 'food' | 'hotel' | 'bank' | 'bankApp' | 'clinic' | 'fitness' | 'spa' | 'software';

/** Sentence group of a business kind; a bank's app reviews talk about the app, not the branch. */
export function groupOf(kind: TextKind, app = false): Group {
  if (kind === 'restaurant' || kind === 'cafe') return 'food';
  if (kind === 'bank' && app) return 'bankApp';
  return kind;
}

export const AR_SENTENCES: Record<Group, ToneBank> = {
  food: {
    pos: [
      'الأكل لذيذ جداً والخدمة ممتازة.',
      'من أفضل المطاعم اللي جربتها في {cityAr}.',
      'الطعام طازج والكميات ممتازة.',
      'الموظفين محترمين ويستقبلونك بابتسامة.',
      'المكان نظيف وهادئ ومناسب للعائلات.',
      'الأسعار معقولة مقارنة بالجودة.',
      'الطلب وصل بسرعة وكان حار.',
      'الحلى عندهم خيالي لازم تجربونه.',
      'القهوة ممتازة والجلسات مريحة.',
      'الخدمة سريعة حتى وقت الزحمة.',
      'شكراً على حسن الاستقبال والضيافة.',
    ],
    neg: [
      'الأكل بارد والخدمة بطيئة جداً.',
      'انتظرنا أكثر من {mins} دقيقة حتى وصل الطلب.',
      'الأسعار مرتفعة والجودة ما تستاهل.',
      'الموظف كان غير متعاون وتعامله سيء.',
      'الطلب وصل ناقص وما أحد رد على الاتصال.',
      'المكان غير نظيف والطاولات متسخة.',
      'الطعم تغير للأسوأ وما عاد مثل قبل.',
      'الكمية قليلة جداً مقارنة بالسعر.',
      'التوصيل تأخر ساعة كاملة والأكل وصل بارد.',
      'القهوة طعمها محروق وباردة.',
    ],
    mix: [
      'الأكل جيد لكن الخدمة بطيئة.',
      'المكان جميل بس الأسعار مبالغ فيها.',
      'التجربة عادية، لا شيء مميز.',
      'الطعم مقبول لكن الكمية قليلة.',
      'الموظفين لطيفين لكن الانتظار كان طويل.',
      'بعض الأطباق ممتازة وبعضها عادي جداً.',
    ],
  },
  hotel: {
    pos: [
      'الفندق رائع والغرف نظيفة وواسعة.',
      'الإفطار متنوع ولذيذ.',
      'موقع الفندق ممتاز وقريب من كل شيء.',
      'موظفين الاستقبال قمة في الاحترام والتعاون.',
      'إطلالة الغرفة خيالية.',
      'تسجيل الدخول كان سريع وسهل.',
      'المسبح نظيف والخدمة ممتازة.',
      'إقامة مريحة جداً وأنصح فيه للعائلات.',
    ],
    neg: [
      'الغرفة غير نظيفة والمناشف متسخة.',
      'انتظرنا أكثر من ساعة لتسجيل الدخول.',
      'المكيف ما يشتغل زين والغرفة حارة.',
      'الإفطار محدود وما يستاهل السعر.',
      'فيه إزعاج من الغرف المجاورة طول الليل.',
      'تعامل موظف الاستقبال سيء جداً.',
      'السعر مرتفع جداً مقارنة بمستوى الخدمة.',
      'الواي فاي ضعيف وينقطع باستمرار.',
    ],
    mix: [
      'الموقع ممتاز لكن الغرف قديمة وتحتاج تجديد.',
      'الموظفين متعاونين بس الإفطار عادي.',
      'الإقامة كانت مقبولة لكن السعر مرتفع.',
      'الغرفة جميلة لكن تسجيل الدخول أخذ وقت طويل.',
    ],
  },
  bank: {
    pos: [
      'موظفين الفرع متعاونين جداً وخلصوا معاملتي بسرعة.',
      'فتحت حساب في أقل من نص ساعة.',
      'التطبيق سهل الاستخدام وكل شيء واضح.',
      'خدمة عملاء ممتازة وتعامل راقي.',
      'ما انتظرت أبداً، الدور كان سريع.',
      'شكراً لموظفة خدمة العملاء على الاحترافية.',
    ],
    neg: [
      'انتظرت أكثر من ساعة عشان معاملة بسيطة.',
      'الرسوم عالية ومحد يوضح لك ليش.',
      'التطبيق يعلق كثير وما يقبل الدخول.',
      'جهاز الصراف الآلي خربان من أسبوع.',
      'الموظفين غير مبالين وما يردون على الأسئلة.',
      'خدمة العملاء ما ترد على الهاتف أبداً.',
      'قفلوا بطاقتي بدون سبب وأخذ حلها أسبوعين.',
    ],
    mix: [
      'الموظفين محترمين لكن الانتظار طويل.',
      'التطبيق جيد بس الرسوم مرتفعة.',
      'الخدمة مقبولة لكن عدد الموظفين قليل.',
    ],
  },
  bankApp: {
    pos: [
      'التطبيق سهل الاستخدام وكل شيء واضح.',
      'التحويلات من التطبيق فورية.',
      'التحديث الجديد ممتاز وأسرع من قبل.',
      'أفضل تطبيق بنكي استخدمته.',
    ],
    neg: [
      'التطبيق يعلق كثير وما يقبل الدخول.',
      'رمز التحقق ما يوصل أبداً.',
      'بعد التحديث الأخير ما أقدر أسجل دخول.',
      'التحويل فشل مرتين وانخصم المبلغ.',
    ],
    mix: ['التطبيق جيد بس يعلق أحياناً.', 'التطبيق مفيد لكن يحتاج تحسينات.'],
  },
  clinic: {
    pos: [
      'الدكتور ممتاز وشرح لي كل شيء بالتفصيل.',
      'العيادة نظيفة والموظفين متعاونين.',
      'ما انتظرت كثير والموعد كان في وقته.',
      'الممرضات لطيفات جداً مع الأطفال.',
      'الاستقبال سريع والتعامل مع التأمين سهل.',
    ],
    neg: [
      'انتظرت ساعة ونص رغم إن عندي موعد.',
      'موظفة الاستقبال تعاملها سيء.',
      'الدكتور ما أعطاني وقت كافي وما سمع كلامي.',
      'رفضوا التأمين بعد ما خلصت الكشف.',
      'الأسعار مبالغ فيها جداً.',
    ],
    mix: ['الدكتور ممتاز لكن الانتظار طويل.', 'العيادة نظيفة بس المواعيد صعبة.', 'الخدمة جيدة لكن الأسعار مرتفعة.'],
  },
  fitness: {
    pos: [
      'المكان نظيف والأجهزة حديثة.',
      'المدربين محترفين ومتعاونين.',
      'الكلاسات ممتعة ومتنوعة.',
      'أفضل نادي رياضي في المنطقة.',
      'غرف تبديل الملابس نظيفة ومرتبة.',
    ],
    neg: [
      'المكان زحمة جداً وقت المساء وما تلقى جهاز فاضي.',
      'غرف تبديل الملابس غير نظيفة.',
      'الاشتراك غالي والخدمة ما تستاهل.',
      'ألغوا الكلاس بدون ما يبلغونا.',
      'نص الأجهزة خربانة من أسابيع.',
    ],
    mix: ['الأجهزة ممتازة لكن الزحمة مزعجة.', 'المدربين ممتازين بس الاشتراك غالي.'],
  },
  spa: {
    pos: [
      'أفضل مساج جربته، المعالجة ممتازة.',
      'أجواء هادئة ومريحة جداً.',
      'الحمام المغربي رائع والمكان نظيف.',
      'الحجز كان سهل والاستقبال راقي.',
    ],
    neg: [
      'الجلسة كانت مستعجلة وانتهت قبل وقتها.',
      'الأسعار مرتفعة جداً مقارنة بالخدمة.',
      'الغرفة كانت باردة والإزعاج من الممر.',
    ],
    mix: ['المكان جميل بس الأسعار مرتفعة.', 'المساج جيد لكن الانتظار كان طويل.'],
  },
  software: {
    pos: [
      'البرنامج سهل الاستخدام ووفر علينا وقت كبير.',
      'الدعم الفني سريع ومتعاون.',
      'أفضل نظام جربناه لشركتنا.',
      'التطبيق ممتاز ويدعم اللغة العربية بشكل كامل.',
    ],
    neg: [
      'التطبيق يعلق كثير بعد التحديث الأخير.',
      'الدعم الفني ما يرد إلا بعد أيام.',
      'السعر ارتفع بدون أي ميزات جديدة.',
      'فيه أخطاء كثيرة في الفواتير.',
    ],
    mix: ['البرنامج جيد لكن يحتاج تحسينات كثيرة.', 'المميزات ممتازة بس الواجهة معقدة شوي.'],
  },
};

export const AR_OPENERS: ToneBank = {
  pos: ['ما شاء الله تبارك الله.', 'تجربة رائعة.'],
  neg: ['للأسف تجربة سيئة.', 'خيبة أمل.'],
  mix: ['التجربة متوسطة.'],
};

/** For branches that a reviewer visits in person. */
export const AR_BRANCH_OPENERS: ToneBank = {
  pos: [...AR_OPENERS.pos, 'زرت فرع {place} اليوم.'],
  neg: [...AR_OPENERS.neg, 'زرت فرع {place} اليوم.'],
  mix: [...AR_OPENERS.mix, 'زرت فرع {place} اليوم.'],
};

export const AR_CLOSERS: ToneBank = {
  pos: ['أنصح فيه وبقوة.', 'الله يعطيكم العافية.', 'شكراً لكم وبالتوفيق.', 'أكيد بنرجع مرة ثانية.'],
  neg: ['لن أكرر التجربة.', 'نتمنى تحسين الخدمة.', 'لا أنصح فيه.'],
  mix: ['نتمنى التحسين.', 'ممكن أجرب مرة ثانية.'],
};

export const AR_SHORT: ToneBank = {
  pos: [
    'ممتاز',
    'رائع جداً',
    'خدمة ممتازة',
    'تجربة جميلة',
    'يستاهل خمس نجوم',
    'كل شيء ممتاز',
    'ممتاز والله',
    'مكان رائع وخدمة ممتازة',
    'جميل جداً وأنصح فيه',
    'تعامل راقي',
    'من أفضل الأماكن في {cityAr}',
    'يعطيكم العافية',
    'تجربة ممتازة ما شاء الله',
    'أكثر من رائع',
  ],
  neg: [
    'سيء جداً',
    'خدمة سيئة',
    'لا أنصح فيه',
    'تجربة سيئة',
    'للأسف مستوى سيء',
    'ما يستاهل',
    'خدمة سيئة وانتظار طويل',
    'أسوأ تجربة',
  ],
  mix: ['عادي', 'مقبول', 'لا بأس', 'عادي جداً', 'مقبول بس يحتاج تحسين', 'متوسط'],
};

export const AR_TITLES: ToneBank = {
  pos: ['تجربة رائعة', 'ممتاز', 'أنصح به'],
  neg: ['تجربة سيئة', 'مخيب للآمال'],
  mix: ['تجربة متوسطة', 'مقبول'],
};

export const FR_SENTENCES: Record<Group, ToneBank> = {
  food: {
    pos: [
      'Très bonne cuisine et service rapide.',
      'Le {item} était délicieux.',
      'Personnel très accueillant.',
      'Excellent rapport qualité-prix.',
      'Cadre magnifique et ambiance chaleureuse.',
    ],
    neg: [
      'Service très lent et plats froids.',
      'Trop cher pour la qualité.',
      'Personnel peu aimable.',
      'Le {item} était fade.',
    ],
    mix: ['Bonne cuisine mais service un peu lent.', 'Cadre agréable, mais les prix sont élevés.'],
  },
  hotel: {
    pos: [
      'Chambre spacieuse et très propre.',
      'Petit-déjeuner copieux et varié.',
      'Emplacement idéal.',
      'Personnel de la réception très serviable.',
    ],
    neg: [
      'Chambre bruyante et climatisation en panne.',
      "Attente interminable à l'enregistrement.",
      'Salle de bain sale à notre arrivée.',
    ],
    mix: ['Bon emplacement mais chambre vieillissante.', 'Personnel agréable, mais petit-déjeuner décevant.'],
  },
  bank: {
    pos: ['Conseiller très professionnel.', 'Ouverture de compte rapide.'],
    neg: ['Attente beaucoup trop longue.', 'Frais cachés et aucune explication.'],
    mix: ['Personnel aimable mais attente longue.'],
  },
  bankApp: {
    pos: ['Application simple et rapide.', 'Virements instantanés, très pratique.'],
    neg: ["L'application plante sans arrêt.", 'Impossible de me connecter depuis la mise à jour.'],
    mix: ['Application correcte mais quelques bugs.'],
  },
  clinic: {
    pos: ["Médecin à l'écoute et très compétent.", 'Clinique propre et moderne.'],
    neg: ["Une heure d'attente malgré le rendez-vous.", 'Accueil désagréable.'],
    mix: ['Bon médecin, mais organisation à revoir.'],
  },
  fitness: {
    pos: ['Équipements modernes et coachs motivants.', 'Salle propre et bien équipée.'],
    neg: ['Vestiaires sales et machines en panne.', 'Beaucoup trop de monde le soir.'],
    mix: ['Bien, mais trop de monde le soir.'],
  },
  spa: {
    pos: ['Moment de détente parfait.', 'Massage excellent, personnel aux petits soins.'],
    neg: ['Soin bâclé et trop cher.', 'Aucune intimité, on entendait tout depuis le couloir.'],
    mix: ['Cadre agréable, mais prix élevés.'],
  },
  software: {
    pos: ['Logiciel intuitif et support réactif.', 'Très bon outil pour les PME.'],
    neg: ['Beaucoup de bugs depuis la dernière mise à jour.', 'Support client injoignable.'],
    mix: ['Bon outil mais un peu cher.'],
  },
};

export const FR_CLOSERS: ToneBank = {
  pos: ['Je recommande vivement !', 'Nous reviendrons avec plaisir.', "Bravo à toute l'équipe."],
  neg: ['À éviter.', 'Très déçu.', 'Je ne recommande pas.'],
  mix: ['Peut mieux faire.', 'À voir.'],
};

export const FR_TITLES: ToneBank = {
  pos: ['Excellent', 'Très belle expérience', 'Parfait'],
  neg: ['Décevant', 'À éviter'],
  mix: ['Correct sans plus', 'Moyen'],
};

/** Hinglish is common in Gulf reviews; stored with language 'hi'. */
export const HI_SENTENCES: Record<'food' | 'other', ToneBank> = {
  food: {
    pos: [
      'Food was ekdum mast, especially the {item}.',
      'Bahut accha experience, staff was very friendly.',
      'Value for money, full paisa vasool!',
      'Taste bilkul ghar jaisa, loved it.',
      'Must try the {item}, yaar!',
    ],
    neg: [
      'Bahut slow service, we waited {mins} minutes.',
      'Food was thanda when it came, did not expect this.',
      'Itna paisa and taste bilkul average.',
      'Order galat aaya and no one bothered.',
    ],
    mix: ['Food accha tha but service thoda slow.', 'Theek thak experience, nothing special.'],
  },
  other: {
    pos: ['Staff was very helpful, bahut accha experience.', 'Sab kuch smooth tha, thank you!'],
    neg: ['Bahut wait karna pada, very poor service.', 'Koi sunne wala nahi hai, very bad.'],
    mix: ['Theek hai, but improvement chahiye.', 'Staff accha hai but waiting bahut hai.'],
  },
};

/** Arabic names of the cities used in the demo, for Arabic review text. */
export const CITY_AR: Record<string, string> = {
  Dubai: 'دبي',
  'Abu Dhabi': 'أبوظبي',
  Sharjah: 'الشارقة',
  Ajman: 'عجمان',
  'Ras Al Khaimah': 'رأس الخيمة',
  Fujairah: 'الفجيرة',
  'Al Ain': 'العين',
  Riyadh: 'الرياض',
  Jeddah: 'جدة',
  'Al Khobar': 'الخبر',
  Dammam: 'الدمام',
  Dhahran: 'الظهران',
};

/**
 * Arabic aspect phrases ("the food" + agreeing adjectives), combined into sentences such as
 * "الأكل لذيذ جداً والخدمة سريعة." so that Arabic reviews vary as much as English ones.
 */
export type AspectBank = { pos: [string, string[]][]; neg: [string, string[]][] };

export const AR_ASPECTS: Record<Group, AspectBank> = {
  food: {
    pos: [
      ['الأكل', ['لذيذ', 'طازج', 'ممتاز', 'رهيب']],
      ['الخدمة', ['ممتازة', 'سريعة', 'راقية']],
      ['المكان', ['نظيف', 'جميل', 'هادئ', 'رايق']],
      ['الموظفين', ['محترمين', 'متعاونين', 'لطيفين']],
      ['القهوة', ['ممتازة', 'لذيذة', 'مضبوطة']],
      ['الأسعار', ['معقولة', 'مناسبة']],
      ['الجلسات', ['مريحة', 'جميلة']],
      ['الكميات', ['ممتازة', 'كبيرة']],
      ['التوصيل', ['سريع', 'ممتاز']],
    ],
    neg: [
      ['الأكل', ['بارد', 'مالح', 'بدون طعم', 'سيء']],
      ['الخدمة', ['بطيئة', 'سيئة']],
      ['المكان', ['غير نظيف', 'زحمة', 'حار']],
      ['الموظفين', ['غير مبالين', 'غير متعاونين']],
      ['الأسعار', ['مرتفعة', 'مبالغ فيها']],
      ['الكمية', ['قليلة']],
      ['التوصيل', ['متأخر', 'بطيء']],
      ['القهوة', ['باردة', 'خفيفة']],
    ],
  },
  hotel: {
    pos: [
      ['الغرفة', ['نظيفة', 'واسعة', 'مريحة']],
      ['الفندق', ['رائع', 'نظيف', 'هادئ']],
      ['الإفطار', ['متنوع', 'لذيذ']],
      ['الموقع', ['ممتاز', 'مميز']],
      ['الاستقبال', ['سريع', 'متعاون']],
      ['المسبح', ['نظيف', 'جميل']],
    ],
    neg: [
      ['الغرفة', ['غير نظيفة', 'صغيرة', 'قديمة']],
      ['الفندق', ['قديم', 'مزعج']],
      ['الإفطار', ['محدود', 'عادي']],
      ['الموقع', ['بعيد']],
      ['الاستقبال', ['بطيء', 'سيء']],
      ['المسبح', ['مزدحم', 'مغلق']],
    ],
  },
  bank: {
    pos: [
      ['الموظفين', ['متعاونين', 'محترمين']],
      ['الانتظار', ['قصير']],
      ['التطبيق', ['سهل', 'سريع']],
      ['الرسوم', ['معقولة']],
      ['الخدمة', ['سريعة', 'ممتازة']],
    ],
    neg: [
      ['الموظفين', ['غير متعاونين', 'غير مبالين']],
      ['الانتظار', ['طويل']],
      ['التطبيق', ['بطيء', 'يعلق']],
      ['الرسوم', ['مرتفعة']],
      ['الخدمة', ['بطيئة', 'سيئة']],
    ],
  },
  bankApp: {
    pos: [
      ['التطبيق', ['سهل', 'سريع', 'ممتاز']],
      ['التحويلات', ['فورية', 'سهلة']],
    ],
    neg: [
      ['التطبيق', ['بطيء', 'يعلق']],
      ['تسجيل الدخول', ['صعب', 'متعب']],
    ],
  },
  clinic: {
    pos: [
      ['الدكتور', ['ممتاز', 'متفهم', 'شاطر']],
      ['الانتظار', ['قصير']],
      ['الاستقبال', ['سريع', 'لطيف']],
      ['العيادة', ['نظيفة', 'حديثة']],
      ['الأسعار', ['معقولة']],
    ],
    neg: [
      ['الدكتور', ['مستعجل', 'غير متعاون']],
      ['الانتظار', ['طويل']],
      ['الاستقبال', ['سيء', 'بطيء']],
      ['العيادة', ['غير نظيفة', 'زحمة']],
      ['الأسعار', ['مرتفعة']],
    ],
  },
  fitness: {
    pos: [
      ['الأجهزة', ['حديثة', 'نظيفة']],
      ['المدربين', ['محترفين', 'متعاونين']],
      ['المكان', ['نظيف', 'واسع']],
      ['الاشتراك', ['مناسب']],
      ['الكلاسات', ['ممتعة', 'متنوعة']],
    ],
    neg: [
      ['الأجهزة', ['قديمة', 'خربانة']],
      ['المدربين', ['غير مهتمين']],
      ['المكان', ['زحمة', 'غير نظيف']],
      ['الاشتراك', ['غالي']],
    ],
  },
  spa: {
    pos: [
      ['المساج', ['ممتاز', 'مريح']],
      ['المكان', ['نظيف', 'هادئ', 'جميل']],
      ['المعالجة', ['محترفة', 'لطيفة']],
      ['الأسعار', ['مناسبة']],
    ],
    neg: [
      ['المساج', ['مستعجل', 'عادي']],
      ['المكان', ['مزعج', 'بارد']],
      ['الأسعار', ['مرتفعة']],
    ],
  },
  software: {
    pos: [
      ['البرنامج', ['سهل', 'سريع', 'ممتاز']],
      ['الدعم الفني', ['سريع', 'متعاون']],
      ['التطبيق', ['ممتاز', 'مستقر']],
      ['السعر', ['مناسب']],
    ],
    neg: [
      ['البرنامج', ['معقد', 'بطيء']],
      ['الدعم الفني', ['بطيء']],
      ['التطبيق', ['يعلق', 'غير مستقر']],
      ['السعر', ['مرتفع']],
    ],
  },
};

export const AR_INTENSIFIERS = {
  pos: ['', '', ' جداً', ' مرة', ' بصراحة', ' ما شاء الله'],
  neg: ['', '', ' جداً', ' مرة', ' للأسف'],
};
