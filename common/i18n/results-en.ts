/**
 * The results look-up's words in English. Part of the English catalogue (en.ts, `results`); the Nepali is
 * results-ne.ts, typed as this one.
 */
export const resultsEn = {
  meta: {
    title: 'Entrance results',
    description: (college: string) =>
      `Look up your entrance examination result at ${college} with your roll number and date of birth.`,
  },
  heading: 'Entrance results',
  intro: 'Enter the roll number on your admit card and your date of birth (B.S.).',
  rollNumber: 'Roll number',
  rollHint: 'As printed on your admit card. Nepali digits (०-९) are fine.',
  rollInvalid: 'Enter the roll number on your admit card.',
  birthInvalid: 'Choose your date of birth.',
  show: 'Show my result',
  notFound:
    'No result matches this roll number and date of birth. Check both and try again. Results appear here only once the college has published them.',
  limited: (minutes: number) =>
    `Too many look-ups from this connection found nothing. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  yourResult: 'Your result',
  rollLine: (roll: string) => `Roll number ${roll}`,
  programme: 'Programme',
  marks: (marks: string, full: string) => `Entrance marks: ${marks} of ${full}`,
  outcome: {
    offered: 'You are offered a seat',
    waitlisted: (place: string) => `You are on the waiting list: place ${place}`,
    'not-selected': 'You were not selected this time',
    admitted: 'You are admitted',
    withdrawn: 'This offer is no longer open',
  },
  next: {
    offered: (deadline: string) =>
      `Confirm your seat by ${deadline}: pay the admission fee at the college office, or send a photo of the bank voucher from the application status page. An offer not confirmed by then goes to the next on the waiting list.`,
    waitlisted:
      'When a seat is given up, it is offered to the next on the waiting list: we will send an SMS, and this page and the application status page will show the offer.',
    'not-selected': 'Thank you for applying. The college office can tell you about other programmes.',
    admitted: 'Welcome to the college. The office will tell you when classes begin.',
    withdrawn: 'The offer lapsed or was declined. Ask the college office if you think this is a mistake.',
  },
  statusLink: 'Application status',
  /** The status page's box once results are published. */
  offerBox: {
    heading: 'Entrance result',
    movedUp: 'A seat given up by an earlier offer is now offered to you from the waiting list.',
    decline: 'Decline the offer',
    declineAsk:
      'Declining gives your seat to the next on the waiting list and cannot be undone. Do you want to decline?',
    declineYes: 'Yes, decline my offer',
    declineNo: 'No, keep my offer',
    declined: 'Your offer is declined: the seat goes to the next on the waiting list.',
    voucherHeading: 'Paid at the bank? Send the voucher',
    voucherIntro:
      'Pay the admission fee into the college account at the bank, then send a clear photo of the voucher and its number here before the deadline.',
    voucherNumber: 'Voucher number',
    voucherFile: 'Photo of the voucher',
    voucherFileHint: 'A JPEG, PNG or WebP photo, or a PDF, up to 10 MB.',
    voucherSend: 'Send the voucher',
    voucherSent:
      'Your voucher has reached the college office in time: your seat is kept while the office checks it. You will get an SMS.',
    voucherWaiting: (number: string) =>
      `Voucher ${number} has reached the college office: your seat is kept while the office checks it.`,
    voucherRefused:
      'The office could not accept the voucher you sent. Send a clear photo of the right voucher before the deadline, or pay at the college office.',
  },
  /** On the admission page once offers are made. */
  seatsLeft: (n: string) => `${n} seats left`,
};
