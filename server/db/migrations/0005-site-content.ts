import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// The college's editable content moves from the code (content/) into the database: one row per section
// of the site (the college, the banner, the courses, ...), each holding its content as validated JSON and a
// version number that every save moves forward, so a save made from an outdated copy can be refused.
// Every site, new or upgraded, starts with the content the code showed until now, copied here as it was.
// Pictures are the drawings the site ships with, named, not stored files; uploads come later.

/** A text with no Nepali version yet. */
const en = (text: string) => ({ en: text, ne: '' });

/** A banner slide showing one of the drawings shipped in content/images/banner/. */
const slide = (n: number, alt: { en: string; ne: string }) => ({
  id: `default-slide-${n}`,
  picture: { kind: 'drawing', name: `banner-${n}` },
  alt,
});

const CONTENT_AT_THIS_RELEASE: Record<string, unknown> = {
  college: {
    name: en('Orbit College'),
    shortName: en('Orbit'),
    motto: en('Open Up Your Future'),
    kind: en('a +2 college in Bharatpur, Chitwan'),
    addressLines: [en('Bharatpur-05, Bikash Chowk'), en('Chitwan, Nepal')],
    addressNote: en('In the centre of Bharatpur Metropolitan City.'),
    phones: ['056-418307', '9855060414'],
    email: 'info@orbitcollege.example',
    established: en('2063 B.S.'),
    managementSince: en('2073 B.S.'),
    headline: en('Open Up Your Future'),
    heroLead: en('Since 2063 B.S., a +2 college for science and management in the centre of Bharatpur, Chitwan.'),
    virtualTourUrl: '/gallery',
    aboutHeading: en('About Orbit College'),
    about: en(
      'Established in 2063 B.S., Orbit College is a +2 college in Bharatpur, Chitwan. Since 2073 B.S. it has been run by a team of Chitwan academicians.\n\nWe offer +2 programmes in science and management in the centre of Bharatpur, with small classes and teachers who know their students by name.',
    ),
    visionHeading: en('Our vision'),
    vision: en(
      'A college where every student from Chitwan and beyond can discover what they are good at and leave ready for the next step. (Placeholder text.)',
    ),
    missionHeading: en('Our mission'),
    mission: en(
      'To teach carefully, to support each student personally, and to keep a +2 education within reach of local families. (Placeholder text.)',
    ),
    admissionsIntro: en(
      'Admissions for Grade 11 in science and management. Ask us about courses, fees and scholarships, or apply when admission is open.',
    ),
    videoUrl: '',
    mapEmbedUrl:
      'https://maps.google.com/maps?q=Bikash%20Chowk%2C%20Bharatpur%2C%20Chitwan%2C%20Nepal&z=16&output=embed',
    mapLinkUrl: 'https://www.google.com/maps/search/?api=1&query=Bikash%20Chowk%2C%20Bharatpur%2C%20Chitwan%2C%20Nepal',
    enrolmentFormUrl: '/contact',
    social: {
      facebook: '',
      youtube: '',
      instagram: '',
      tiktok: '',
    },
  },
  banner: {
    slides: [
      slide(1, en('Drawing of the college building among green hills under a clear blue sky')),
      slide(2, en('Drawing of the college building at dawn, with an orange sky and purple hills')),
      slide(3, en('Drawing of the college building in a green valley under a teal sky')),
      slide(4, en('Drawing of the college building at dusk under a pink evening sky')),
      slide(5, en('Drawing of the college building on a bright morning with a pale blue sky')),
      slide(6, en('Drawing of the college building in golden afternoon light')),
      slide(7, en('Drawing of the college building under a light sky with an orange sun')),
    ],
  },
  courses: {
    cards: [
      {
        id: 'default-course-1',
        title: en('Pure Science'),
        summary: en(
          'Physics, chemistry, biology and mathematics for students aiming at medicine, engineering or research.',
        ),
        icon: {
          kind: 'icon',
          name: 'atom',
        },
      },
      {
        id: 'default-course-2',
        title: en('Computer Science'),
        summary: en('Science with computer studies: programming, data and the foundations of information technology.'),
        icon: {
          kind: 'icon',
          name: 'chip',
        },
      },
      {
        id: 'default-course-3',
        title: en('General Management'),
        summary: en(
          'Accounting, economics, business studies and related subjects for careers in business and finance.',
        ),
        icon: {
          kind: 'icon',
          name: 'chart',
        },
      },
      {
        id: 'default-course-4',
        title: en('Hotel Management'),
        summary: en('Management with hospitality subjects for careers in hotels, travel and tourism.'),
        icon: {
          kind: 'icon',
          name: 'bell',
        },
      },
    ],
  },
  'footer-courses': {
    items: [en('Science & Technology'), en('Management'), en('Fashion/Interior Design'), en('School of Law')],
  },
  messages: {
    chairman: {
      name: en(''),
      role: en('Chairman'),
      heading: en("Chairman's message"),
      body: en(
        'Welcome to Orbit College. Our aim is simple: to give the students of Chitwan a good +2 education close to home, with teachers who care about their progress.\n\nWe thank the parents who trust us with their children, and we invite you to visit the college and meet our team. (Placeholder message.)',
      ),
      photo: null,
    },
    principal: {
      name: en(''),
      role: en('Principal'),
      heading: en("Principal's message"),
      body: en(
        'The two years of +2 are an important step. At Orbit we help students build good study habits, ask questions and prepare well for their examinations and for what comes after.\n\nOur doors are open to students and parents who want to talk about their plans. (Placeholder message.)',
      ),
      photo: null,
    },
  },
  testimonials: {
    items: [
      {
        id: 'default-testimonial-1',
        student: en('A Grade 12 science student'),
        quote: en(
          'The teachers explain patiently and are happy to help after class. I feel well prepared for my board examinations.',
        ),
      },
      {
        id: 'default-testimonial-2',
        student: en('A Grade 11 management student'),
        quote: en(
          'The college is easy to reach from home, and the friendly classes made it easy to settle in during my first year.',
        ),
      },
    ],
  },
  'why-choose-us': {
    heading: en('Why choose Orbit?'),
    intro: en('A +2 college close to home, with a clear focus on teaching.'),
    points: [
      {
        id: 'default-reason-1',
        title: en('In the heart of Bharatpur'),
        text: en('At Bikash Chowk, in the centre of Bharatpur Metropolitan City, easy to reach from across Chitwan.'),
      },
      {
        id: 'default-reason-2',
        title: en('Teaching since 2063 B.S.'),
        text: en('Years of experience preparing students for their +2 examinations.'),
      },
      {
        id: 'default-reason-3',
        title: en('Run by local academicians'),
        text: en('Since 2073 B.S., a team of Chitwan academicians has led the college.'),
      },
    ],
  },
  downloads: {
    prospectus: {
      kind: 'builtin',
    },
  },
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_content')
    .addColumn('section', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('site_content')
    .values(
      Object.entries(CONTENT_AT_THIS_RELEASE).map(([section, data]) => ({
        section,
        data: JSON.stringify(data),
        version: 1,
        updated_at: now,
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_content').execute();
}
