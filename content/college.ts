/**
 * The first start's defaults for the college's editable content: every text, person, link and contact detail
 * the public pages show. On the first start they are copied into the database; from then on the office edits
 * them in the admin (Admin → College, `/admin/content`), and changing this file changes nothing on a running site. Facts come from
 * the college's public material (see CONTENT.md); anything marked PLACEHOLDER is a modest stand-in.
 *
 * A URL left empty ('') hides the button or link that would use it, so nothing ever links nowhere.
 */

export interface Phone {
  /** As printed on the page. */
  label: string;
  /** Digits for the tel: link, or null while the number is not known (shown as "to be confirmed"). */
  tel: string | null;
}

export interface Person {
  role: string;
  /** Null while the college has not supplied the name: the role is shown instead. */
  name: string | null;
}

export interface Message {
  from: Person;
  heading: string;
  paragraphs: string[];
}

export interface Testimonial {
  /** A description of the student, never an invented name. */
  student: string;
  quote: string;
}

export interface Course {
  title: string;
  summary: string;
  icon: 'atom' | 'chip' | 'chart' | 'bell';
}

export const college = {
  name: 'Orbit College',
  shortName: 'Orbit',
  motto: 'Open Up Your Future',
  kind: 'a +2 college in Bharatpur, Chitwan',
  address: {
    lines: ['Bharatpur-05, Bikash Chowk', 'Chitwan, Nepal'],
    oneLine: 'Bharatpur-05, Bikash Chowk, Chitwan, Nepal',
    note: 'In the centre of Bharatpur Metropolitan City.',
  },
  phones: [
    { label: '056-418307', tel: '+97756418307' },
    { label: '9855060414', tel: '+9779855060414' },
    // PLACEHOLDER: the college has a third number that is not yet confirmed. Put it here when known.
    { label: 'Third number to be confirmed', tel: null },
  ] satisfies Phone[],
  history: {
    established: '2063 B.S.',
    currentManagementSince: '2073 B.S.',
  },
} as const;

/** External and configurable addresses. Each is one constant; '' hides what would use it. */
export const links = {
  // PLACEHOLDER: the college's real e-mail address is not known yet (reserved .example domain on purpose).
  email: 'info@orbitcollege.example',
  // PLACEHOLDER: until the college publishes an online enrolment form, the admissions button opens the
  // contact form (in a new tab, as the real form will be). Replace with the form's https:// address.
  enrolmentForm: '/contact',
  // PLACEHOLDER: a 360° or video tour is not available yet; the photo gallery stands in for it.
  virtualTour: '/gallery',
  // PLACEHOLDER: the introduction video is not known. Set an embed address such as
  // 'https://www.youtube-nocookie.com/embed/VIDEO_ID' to show the click-to-load video player.
  videoEmbed: '',
  /** Google Maps embed of the address; loaded only after the visitor clicks "Show map". */
  mapEmbed: 'https://maps.google.com/maps?q=Bikash%20Chowk%2C%20Bharatpur%2C%20Chitwan%2C%20Nepal&z=16&output=embed',
  mapLink: 'https://www.google.com/maps/search/?api=1&query=Bikash%20Chowk%2C%20Bharatpur%2C%20Chitwan%2C%20Nepal',
} as const;

// PLACEHOLDER texts: modest descriptions written for the default content; the college should replace them.
export const about = {
  heading: 'About Orbit College',
  paragraphs: [
    `Established in ${college.history.established}, Orbit College is ${college.kind}. Since ${college.history.currentManagementSince} it has been run by a team of Chitwan academicians.`,
    'We offer +2 programmes in science and management in the centre of Bharatpur, with small classes and teachers who know their students by name.',
  ],
  vision: {
    heading: 'Our vision',
    text: 'A college where every student from Chitwan and beyond can discover what they are good at and leave ready for the next step. (Placeholder text.)',
  },
  mission: {
    heading: 'Our mission',
    text: 'To teach carefully, to support each student personally, and to keep a +2 education within reach of local families. (Placeholder text.)',
  },
} as const;

export const courses: Course[] = [
  // PLACEHOLDER summaries: the titles are the college's, the one-line descriptions are generic.
  {
    title: 'Pure Science',
    icon: 'atom',
    summary: 'Physics, chemistry, biology and mathematics for students aiming at medicine, engineering or research.',
  },
  {
    title: 'Computer Science',
    icon: 'chip',
    summary: 'Science with computer studies: programming, data and the foundations of information technology.',
  },
  {
    title: 'General Management',
    icon: 'chart',
    summary: 'Accounting, economics, business studies and related subjects for careers in business and finance.',
  },
  {
    title: 'Hotel Management',
    icon: 'bell',
    summary: 'Management with hospitality subjects for careers in hotels, travel and tourism.',
  },
];

export const footerCourses = [
  'Science & Technology',
  'Management',
  'Fashion/Interior Design',
  'School of Law',
] as const;

/** Reasons to choose the college: facts only (CONTENT.md), no invented achievements. */
export const whyChooseUs = {
  heading: 'Why choose Orbit?',
  intro: 'A +2 college close to home, with a clear focus on teaching.',
  points: [
    {
      title: 'In the heart of Bharatpur',
      text: 'At Bikash Chowk, in the centre of Bharatpur Metropolitan City, easy to reach from across Chitwan.',
    },
    {
      title: `Teaching since ${college.history.established}`,
      text: 'Years of experience preparing students for their +2 examinations.',
    },
    {
      title: 'Run by local academicians',
      text: `Since ${college.history.currentManagementSince}, a team of Chitwan academicians has led the college.`,
    },
  ],
} as const;

export const admissions = {
  intro:
    'Admissions for Grade 11 in science and management. Ask us about courses, fees and scholarships, or apply when admission is open.',
} as const;

// PLACEHOLDER messages: names and texts are to be supplied by the college; no real person is named here.
export const messages: Message[] = [
  {
    from: { role: 'Chairman', name: null },
    heading: "Chairman's message",
    paragraphs: [
      'Welcome to Orbit College. Our aim is simple: to give the students of Chitwan a good +2 education close to home, with teachers who care about their progress.',
      'We thank the parents who trust us with their children, and we invite you to visit the college and meet our team. (Placeholder message.)',
    ],
  },
  {
    from: { role: 'Principal', name: null },
    heading: "Principal's message",
    paragraphs: [
      'The two years of +2 are an important step. At Orbit we help students build good study habits, ask questions and prepare well for their examinations and for what comes after.',
      'Our doors are open to students and parents who want to talk about their plans. (Placeholder message.)',
    ],
  },
];

// PLACEHOLDER testimonials: to be replaced with real quotes given with the students' permission.
export const testimonials: Testimonial[] = [
  {
    student: 'A Grade 12 science student',
    quote:
      'The teachers explain patiently and are happy to help after class. I feel well prepared for my board examinations.',
  },
  {
    student: 'A Grade 11 management student',
    quote:
      'The college is easy to reach from home, and the friendly classes made it easy to settle in during my first year.',
  },
];

/**
 * What 'Start empty' (or 'Remove the demo content') puts in place of a required default text that speaks of
 * the demo college: wording that names no college and no place. Optional texts are emptied instead.
 */
export const emptyStart = {
  kind: 'a +2 college',
  aboutHeading: 'About us',
  whyChooseUsHeading: 'Why choose us?',
} as const;
