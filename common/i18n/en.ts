/**
 * The public site's interface text in English: exactly the wording the English pages show. The Nepali
 * catalogue (ne.ts) has the type of this one, so a text missing there fails the typecheck. Texts that take a
 * value (a year, a page number) are functions. The college's own content is not here: it is edited in the
 * admin, with its Nepali beside the English.
 */
import { resultsEn } from './results-en.ts';
import type { NoticeCategory } from '../notices/notice-category.ts';
import { admitCardEn } from './admit-card-en.ts';
import { applyEn } from './apply-en.ts';
import { firstRunEn } from './first-run-en.ts';
import { plural } from './plural.ts';

export const en = {
  nav: {
    skipToContent: 'Skip to content',
    home: 'Home',
    about: 'About',
    courses: 'Courses',
    admissions: 'Admissions',
    gallery: 'Gallery',
    notices: 'Notices',
    contact: 'Contact',
    prospectus: 'Prospectus',
    mainLabel: 'Main',
    mobileLabel: 'Mobile',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    adminLogin: 'Admin login',
    /** The link to the same page in the other language, in that language. */
    otherLanguage: 'नेपाली',
  },
  common: {
    opensInNewTab: ' (opens in a new tab)',
  },
  banner: {
    label: 'Pictures of the college',
    slideOf: (slide: number, count: number) => `${slide} of ${count}`,
    pause: 'Pause slideshow',
    play: 'Play slideshow',
  },
  hero: {
    lead: (established: string) =>
      `Since ${established}, a +2 college for science and management in the centre of Bharatpur, Chitwan.`,
    virtualTour: 'Take a virtual tour',
  },
  home: {
    video: (college: string) => `Video: ${college}`,
    playVideo: 'Play video',
    coursesHeading: 'Our courses',
    coursesIntro: '+2 programmes in science and management.',
    featuredPhotoAlt: (college: string, n: number, count: number) =>
      `Life at ${college}: featured photo ${n} of ${count}`,
    latestNotices: 'Latest notices',
    noNotices: 'There are no notices at the moment.',
    seeMore: 'SEE MORE',
    seeMoreNotices: ' notices',
    messagesHeading: 'Messages from the college',
    testimonialsHeading: 'What our students say',
  },
  admissions: {
    status: {
      'ADMISSION ENQUIRY': 'ADMISSION ENQUIRY',
      'ADMISSION OPEN': 'ADMISSION OPEN',
      'ADMISSION CLOSED': 'ADMISSION CLOSED',
    },
    applyNow: 'APPLY NOW',
    enquiryNow: 'ENQUIRY NOW',
    closingSoon: (days: number) => `Closing soon: last ${days === 1 ? 'day' : `${days} days`}`,
    lateFee: (fee: string) => `Late applications are taken with a late fee of ${fee}.`,
    seasonDetails: 'Programmes, seats, fees and dates',
  },
  admissionPage: {
    /** NEB's streams and the SEE subjects by their English names (a name not listed shows as typed). */
    streams: {
      Science: 'Science',
      Management: 'Management',
      Humanities: 'Humanities',
      Law: 'Law',
      Education: 'Education',
      Other: 'Other',
    } as Record<string, string>,
    subjects: {
      English: 'English',
      Nepali: 'Nepali',
      Mathematics: 'Mathematics',
      Science: 'Science',
      'Social Studies': 'Social Studies',
    } as Record<string, string>,
    heading: (season: string) => `Admission ${season}`,
    headingNoSeason: 'Admission',
    intro: 'Programmes, seats, fees and scholarships for Grade 11, with the dates of this admission season.',
    datesHeading: 'Important dates',
    dates: {
      opensOn: 'Applications open',
      closesOn: 'Applications close',
      lateClosesOn: 'Late applications close',
      entranceOn: 'Entrance examination',
      resultsOn: 'Results',
      admissionDeadline: 'Admission deadline',
    },
    lateFeeOf: (fee: string) => `late fee ${fee}`,
    programmesHeading: 'Programmes',
    seats: (n: string) => `${n} seats`,
    stream: (stream: string) => `NEB stream: ${stream}`,
    feesHeading: 'Fees',
    feeColumns: { fee: 'Fee', amount: 'Amount', when: 'When' },
    periods: { once: 'once', year: 'per year', month: 'per month', instalment: 'per instalment' },
    nebFeesHeading: 'NEB fees (paid to the National Examinations Board)',
    continuingExempt: "The admission fee is not charged to the college's own continuing students.",
    approvedBy: (by: string, on: string, reference: string) =>
      `Approved by ${by}${on ? ` on ${on}` : ''}${reference ? ` (reference ${reference})` : ''}.`,
    eligibilityHeading: 'Who may apply',
    minGpa: (gpa: string) => `A SEE GPA of at least ${gpa}`,
    minGrade: (grade: string, subject: string) => `at least ${grade} in ${subject}`,
    scholarshipsHeading: 'Scholarships (free seats)',
    scholarshipsIntro: (date: string) =>
      `The free seats the law asks a private college to keep, by category. Published on ${date}.`,
    scholarshipSeats: (n: string, count: number) => `${n} free ${plural('en', count, 'seat', 'seats')}`,
    proof: 'Proof to bring:',
    scholarshipsHow: 'Apply for a scholarship in your application, and bring the proof it asks for.',
    quotaTotal: (declared: string) => `Free seats in all: ${declared}`,
    documentsHeading: 'Documents to bring',
    /** Once the season's entrance results are published: where families see theirs. */
    resultsHeading: 'Results are published',
    resultsLookUp: 'Look up your entrance result',
    resultsStatus: 'See your application status and offer',
    noSeason:
      'The dates of the next admission season are not published yet. Send us your enquiry and we will tell you.',
  },
  pager: {
    pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
  },
  notices: {
    heading: 'Notices',
    intro: 'News from the college office, newest first.',
    empty: 'There are no notices at the moment. Please check again soon.',
    pagesLabel: 'Notice pages',
    newer: 'Newer notices',
    older: 'Older notices',
    openLink: 'Open link',
    categoriesLabel: 'Notice categories',
    allCategories: 'All',
    categories: {
      general: 'General',
      admission: 'Admission',
      examination: 'Examination',
      result: 'Result',
      holiday: 'Holiday',
      scholarship: 'Scholarship',
      event: 'Event',
    } satisfies Record<NoticeCategory, string>,
    pinned: 'Pinned',
    referenceNo: 'Reference no.:',
    notFoundTitle: 'Notice not found',
    notFoundDescription: 'This notice does not exist.',
  },
  /** A notice's own page: its files, the share box and what only a printed copy shows. */
  noticePage: {
    attachments: 'Attachments',
    downloadPdf: (size: string) => `Download PDF (${size})`,
    pdfPages: (pages: number) => (pages === 1 ? '1 page' : `${pages} pages`),
    openFullSize: 'Open full size',
    pictureAlt: (kind: 'pdf' | 'image', title: string) =>
      kind === 'pdf' ? `First page of the PDF of ${title}` : `Scan of ${title}`,
    thumbnailAlt: (kind: 'pdf' | 'image', title: string) => (kind === 'pdf' ? `PDF of ${title}` : `Scan of ${title}`),
    pictureOf: (picture: number, count: number) => `${picture} of ${count}`,
    share: 'Share this notice',
    linkLabel: 'Link to this notice: ',
    copyLink: 'Copy link',
    copied: 'Link copied.',
    copyFailed: 'Could not copy: the link is selected, copy it with your keyboard or menu.',
    qrLabel: "QR code of this notice's address",
    published: 'Published:',
    checkAt: 'Check this notice at',
  },
  /** Page titles and descriptions for search engines and shared links. */
  meta: {
    // Titles and descriptions name the college and its stored address only, never a town of the demo's.
    homeTitle: (college: string) => college,
    homeDescription: (college: string, address: string) =>
      `${college}${address ? `, ${address}` : ''}: a +2 college. Courses, admissions, notices and contact details.`,
    noticesDescription: (college: string) =>
      `Notices from ${college}: admissions, examinations, holidays and events, newest first.`,
    galleryTitle: (shortName: string) => `Gallery: Life at ${shortName}`,
    galleryDescription: (college: string) => `Photos of ${college}: the campus, classes and events.`,
    contactTitle: 'Contact',
    contactDescription: (college: string, address: string) =>
      `Address, phone numbers, map and a contact form for ${college}${address ? `, ${address}` : ''}.`,
  },
  gallery: {
    heading: (shortName: string) => `Life at ${shortName}`,
    intro: 'Events and everyday moments at the college. Choose an album to see its photos.',
    photoAlt: (college: string, n: number, count: number) => `Life at ${college}, photo ${n} of ${count}`,
    albumPhotoAlt: (album: string, n: number, count: number) => `${album}, photo ${n} of ${count}`,
    photoCount: (n: number) => (n === 1 ? '1 photo' : `${n} photos`),
    pagesLabel: 'Gallery pages',
    newer: 'Newer albums',
    older: 'Older albums',
    allAlbums: 'All albums',
    backToAlbum: (album: string) => `Back to ${album}`,
    previous: 'Previous photo',
    next: 'Next photo',
    position: (n: number, count: number) => `Photo ${n} of ${count}`,
    openFull: 'Open the full-size photo',
    viewerClose: 'Close the photo (Esc)',
    viewerZoom: 'Zoom in or out (z)',
    viewerError: 'This photo could not be loaded.',
    emptyAlbum: 'This album has no photos yet.',
    emptyBefore: 'There are no photos in the gallery yet. Please check again soon, or ',
    emptyLink: 'contact us',
    emptyAfter: ' to arrange a visit.',
  },
  contact: {
    heading: 'Contact us',
    intro: 'Questions about courses, admissions or a visit? Call, write or send us a message.',
    detailsHeading: 'Visit or call us',
    phone: 'Phone',
    email: 'Email',
    showMap: 'Show map',
    mapTitle: (college: string, address: string) => `Google map: ${college}, ${address}`,
    mapNote: 'The interactive map comes from Google and loads only when you ask for it. ',
    openInMaps: 'Open in Google Maps',
  },
  form: {
    heading: 'Send us a message',
    hint: 'All fields are required, but a mobile number or an email address is enough: the office answers by SMS or email.',
    firstName: 'First Name',
    lastName: 'Last Name',
    phone: 'Contact No.',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
    send: 'Send message',
    correctFields: 'Please correct the marked fields.',
    received: 'Thank you. Your message has been received and the college office will get back to you.',
  },
  /** The contact form's field messages: the field as a message names it, then the rule. */
  formMessages: {
    fieldNames: {
      first_name: 'First name',
      last_name: 'Last name',
      phone: 'Contact number',
      email: 'Email',
      subject: 'Subject',
      message: 'Message',
    },
    required: (field: string) => `${field} is required.`,
    notText: (field: string) => `${field} must be text.`,
    tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
    notAllowedCharacter: (field: string) => `${field} contains a character that is not allowed.`,
    oneLine: (field: string) => `${field} must be on one line: remove the line break.`,
    invalidPhone: 'Enter a valid contact number.',
    invalidEmail: 'Enter a valid email address.',
    phoneOrEmail: 'Give a mobile number or an email address, so that the office can answer you.',
    tooFast: 'Please take a moment to fill in the form before sending.',
    formExpired: 'This form was open for a long time. Please check your message and press Send again.',
    formInvalid: 'This form could not be checked. Please check your message and press Send again.',
    formUsed: 'A message from this form has already been received. To send another one, press Send again.',
    tooMany: 'You have sent several messages already. Please try again later or call us.',
    databaseBusy: 'The database is busy. Nothing was saved; try again in a moment.',
    outOfSpace: 'The server is out of space. Nothing was saved.',
    databaseDamaged:
      'The database file is damaged, so nothing can be saved until it is restored from a backup. Nothing was saved.',
    /** Any other refusal of the form (the English pages show the service's own words instead). */
    notSent: 'Your message could not be sent. Please check it and press Send again.',
  },
  footer: {
    established: (year: string) => `Established in ${year}`,
    courses: 'Courses',
    visitUs: 'Visit us',
    contactAndMap: 'Contact and map',
    callOrWrite: 'Call or write',
  },
  notFound: {
    title: 'Page not found',
    description: 'The page you were looking for does not exist.',
    noPageAt: 'There is no page at',
    mayHaveMoved: 'It may have moved, or the address may be mistyped.',
    homePage: 'Home page',
    notices: 'Notices',
    contact: 'Contact',
  },
  error: {
    heading: 'Something went wrong',
    notFoundText: 'We could not find the page you were looking for.',
    text: 'Sorry, this page could not be shown. Please try again in a moment.',
    home: 'Go to the home page',
  },
  /** The online application: its form, confirmation and status page. */
  apply: applyEn,
  /** The entrance examination's admit card and its public check page. */
  admitCard: admitCardEn,
  results: resultsEn,
  /** The one-time owner link's first run (the setup of a new site). */
  firstRun: firstRunEn,
};

/** The shape every language's catalogue has: the English one's keys, each with the same kind of value. */
export type Catalogue = typeof en;
