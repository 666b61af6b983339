import type { DemoCounts } from '../demo.ts';
import type { firstRunEn } from './first-run-en.ts';
import { toDevanagariDigits as digits } from './nepali-numbers.ts';

/** '५ सूचना, ९ तस्बिर, …' (Nepali nouns after a number do not change), or 'केही पनि छैन' when none is left. */
function demoWords(counts: DemoCounts): string {
  const parts = [
    [counts.notices, 'सूचना'],
    [counts.photos, 'तस्बिर'],
    [counts.texts, 'पाठ'],
    [counts.people, 'व्यक्ति'],
    [counts.downloads, 'डाउनलोड'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, word]) => `${digits(n as number)} ${word as string}`);
  return parts.length > 0 ? parts.join(', ') : 'केही पनि छैन';
}

/** The one-time owner link's first run in Nepali (part of the Nepali catalogue, ne.ts `firstRun`). */
export const firstRunNe: typeof firstRunEn = {
  pageTitle: 'आफ्नो साइट तयार गर्नुहोस्',
  brand: (college: string) => (college ? `${college} प्रशासन` : 'साइट प्रशासन'),
  intro: (withDemo: boolean) =>
    `यो नयाँ साइटमा अहिलेसम्म कसैले साइन इन गर्न सक्दैन। चार छोटा भाग, करिब दस मिनेट: तपाईंको कलेज, यसको ठेगाना, तपाईंको मालिक खाता${withDemo ? ' र नमुना सामग्री' : ''}। सबै कुरा पछि प्रशासनमा बदल्न सकिन्छ।`,
  partNumber: (n: number) => `${digits(n)}.`,
  parts: { college: 'तपाईंको कलेज', contact: 'ठेगाना र सम्पर्क', owner: 'तपाईं, मालिक', demo: 'नमुना सामग्री' },
  english: 'अङ्ग्रेजी',
  nepali: 'नेपाली',
  optional: '(ऐच्छिक)',
  name: 'कलेजको नाम',
  shortName: 'छोटो नाम',
  shortNameHint: 'पूरा नाम धेरै लामो हुने ठाउँमा: फोनको मेनु, पृष्ठका शीर्षक।',
  logo: 'लोगो',
  logoHint: (limit: string, hasLogo: boolean) =>
    `बढीमा ${digits(limit)} को PNG वा SVG फाइल। ${
      hasLogo ? 'खाली छोडे साइटमा भएकै लोगो रहन्छ।' : 'लोगो नभए पृष्ठहरूमा साइटसँगै आएको चिन्ह देखिन्छ।'
    } यसलाई पछि कलेज पृष्ठमा बदल्न सकिन्छ।`,
  logoLost: 'ब्राउजरले छानिएको फाइल राख्दैन: लोगो फेरि छान्नुहोस्।',
  coloursNote: (ratio: string) =>
    `मुख्य रङ सेतो अक्षरको पछाडि र पृष्ठमा अक्षरको रूपमा, सहायक रङ गाढा अक्षरको पछाडि देखिन्छ; प्रत्येकको तिनीहरूसँग कम्तीमा ${digits(ratio)} को कन्ट्रास्ट चाहिन्छ।`,
  mainColour: 'मुख्य रङ',
  mainColourHint: '# पछि छ वटा हेक्साडेसिमल अङ्क, जस्तै #0b3d91।',
  accentColour: 'सहायक रङ',
  accentColourHint: 'जस्तै #f5a623।',
  addressLine: (n: number) => `ठेगानाको लाइन ${digits(n)}`,
  phone: (n: number) => (n === 1 ? 'फोन नम्बर' : `फोन नम्बर ${digits(n)} (ऐच्छिक)`),
  email: 'सार्वजनिक इमेल ठेगाना',
  emailHint: 'सम्पर्क पृष्ठमा देखिन्छ। खाली छोडे देखिँदैन।',
  mapLink: 'नक्साको लिङ्क',
  mapLinkHint: 'नक्सा साइटमा तपाईंको कलेज (https://…)। खाली छोडे लिङ्क देखिँदैन।',
  ownerIntro: 'मालिकले कर्मचारीका खाता व्यवस्थापन गर्छ, अडिट लग पढ्छ र यहाँका सबै कुरा पछि बदल्न सक्छ।',
  ownerName: 'तपाईंको नाम',
  ownerEmail: 'तपाईंको इमेल ठेगाना',
  ownerEmailHint: 'यसैबाट साइन इन गर्नुहुन्छ।',
  password: 'नयाँ पासवर्ड',
  passwordHint: (min: number) =>
    `कम्तीमा ${digits(min)} अक्षर, सबैभन्दा प्रचलित पासवर्डमध्ये एक होइन। एकअर्कासँग सम्बन्ध नभएका केही शब्द सम्झन सजिलो हुन्छ।`,
  twoFactor: 'हरेक खाताका लागि दुई-चरण साइन इन अनिवार्य गर्नुहोस्।',
  twoFactorHint:
    'पहिलो साइन इनमा, अरू केही गर्नुअघि, फोनको अथेन्टिकेटर एपबाट यो मिलाउनुहुन्छ। टिक नगरे हरेक खाताले "तपाईंको खाता" मा यसलाई खोल्न सक्छ, र तपाईं पछि कर्मचारी पृष्ठमा अनिवार्य गर्न सक्नुहुन्छ।',
  startEmpty: 'खाली सुरु गर्नुहोस्',
  startEmptyHint: (words: string) =>
    `: नमुना अहिले हटाउनुहोस् (${words}): यसका सूचना र तस्बिर, नमुना कलेजका पाठ, व्यक्ति, ठेगाना, फोन र विवरणपुस्तिकासहित। माथि तपाईंले लेखेको कुरा रहन्छ।`,
  keepDemo: 'हेर्नका लागि नमुना राख्नुहोस्',
  keepDemoHint: ': पछि "आज" पृष्ठको सेटअप सूचीबाट हटाउनुहोस्।',
  nothingSavedYet: 'बटन नथिचेसम्म केही पनि सुरक्षित हुँदैन: त्यसपछि कलेज, लोगो र तपाईंको खाता सँगै सुरक्षित हुन्छन्।',
  finish: 'सेटअप पूरा गर्नुहोस्',
  demoWords,
  done: {
    title: 'तपाईंको साइट तयार भयो',
    saved: 'तपाईंको कलेज र खाता सुरक्षित भए। ',
    demoRemoved: (words: string) => `नमुना सामग्री हटाइयो (${words})। `,
    demoNotRemoved: 'नमुना सामग्री अहिले हटाउन सकिएन: "आज" पृष्ठको सेटअप सूचीबाट हटाउनुहोस्। ',
    signIn: 'अब तपाईंले आफ्नो इमेल ठेगाना र छानेको पासवर्डले साइन इन गर्न सक्नुहुन्छ।',
    goToSignIn: 'साइन इन गर्न जानुहोस्',
    seeHome: 'गृहपृष्ठ हेर्नुहोस्',
  },
  correctFields: 'कृपया चिन्ह लगाइएका कोठा सच्याउनुहोस्।',
  linkUnusable: 'यो लिङ्क प्रयोग गर्न सकिँदैन',
};
