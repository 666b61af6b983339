/**
 * Nepal's 7 provinces and 77 districts (the Constitution of 2072 and the province names adopted since), in
 * English and Nepali. An address stores the province by number and the district by its English name.
 */

export interface Province {
  number: number;
  en: string;
  ne: string;
}

export const PROVINCES: readonly Province[] = [
  { number: 1, en: 'Koshi', ne: 'कोशी' },
  { number: 2, en: 'Madhesh', ne: 'मधेश' },
  { number: 3, en: 'Bagmati', ne: 'बागमती' },
  { number: 4, en: 'Gandaki', ne: 'गण्डकी' },
  { number: 5, en: 'Lumbini', ne: 'लुम्बिनी' },
  { number: 6, en: 'Karnali', ne: 'कर्णाली' },
  { number: 7, en: 'Sudurpashchim', ne: 'सुदूरपश्चिम' },
];

export interface District {
  en: string;
  ne: string;
  province: number;
}

const inProvince = (province: number, names: [string, string][]): District[] =>
  names.map(([en, ne]) => ({ en, ne, province }));

export const DISTRICTS: readonly District[] = [
  ...inProvince(1, [
    ['Bhojpur', 'भोजपुर'],
    ['Dhankuta', 'धनकुटा'],
    ['Ilam', 'इलाम'],
    ['Jhapa', 'झापा'],
    ['Khotang', 'खोटाङ'],
    ['Morang', 'मोरङ'],
    ['Okhaldhunga', 'ओखलढुङ्गा'],
    ['Panchthar', 'पाँचथर'],
    ['Sankhuwasabha', 'सङ्खुवासभा'],
    ['Solukhumbu', 'सोलुखुम्बु'],
    ['Sunsari', 'सुनसरी'],
    ['Taplejung', 'ताप्लेजुङ'],
    ['Terhathum', 'तेह्रथुम'],
    ['Udayapur', 'उदयपुर'],
  ]),
  ...inProvince(2, [
    ['Bara', 'बारा'],
    ['Dhanusha', 'धनुषा'],
    ['Mahottari', 'महोत्तरी'],
    ['Parsa', 'पर्सा'],
    ['Rautahat', 'रौतहट'],
    ['Saptari', 'सप्तरी'],
    ['Sarlahi', 'सर्लाही'],
    ['Siraha', 'सिराहा'],
  ]),
  ...inProvince(3, [
    ['Bhaktapur', 'भक्तपुर'],
    ['Chitwan', 'चितवन'],
    ['Dhading', 'धादिङ'],
    ['Dolakha', 'दोलखा'],
    ['Kathmandu', 'काठमाडौं'],
    ['Kavrepalanchok', 'काभ्रेपलाञ्चोक'],
    ['Lalitpur', 'ललितपुर'],
    ['Makwanpur', 'मकवानपुर'],
    ['Nuwakot', 'नुवाकोट'],
    ['Ramechhap', 'रामेछाप'],
    ['Rasuwa', 'रसुवा'],
    ['Sindhuli', 'सिन्धुली'],
    ['Sindhupalchok', 'सिन्धुपाल्चोक'],
  ]),
  ...inProvince(4, [
    ['Baglung', 'बागलुङ'],
    ['Gorkha', 'गोरखा'],
    ['Kaski', 'कास्की'],
    ['Lamjung', 'लमजुङ'],
    ['Manang', 'मनाङ'],
    ['Mustang', 'मुस्ताङ'],
    ['Myagdi', 'म्याग्दी'],
    ['Nawalpur', 'नवलपुर'],
    ['Parbat', 'पर्वत'],
    ['Syangja', 'स्याङ्जा'],
    ['Tanahun', 'तनहुँ'],
  ]),
  ...inProvince(5, [
    ['Arghakhanchi', 'अर्घाखाँची'],
    ['Banke', 'बाँके'],
    ['Bardiya', 'बर्दिया'],
    ['Dang', 'दाङ'],
    ['Eastern Rukum', 'रुकुम (पूर्व)'],
    ['Gulmi', 'गुल्मी'],
    ['Kapilvastu', 'कपिलवस्तु'],
    ['Parasi', 'परासी'],
    ['Palpa', 'पाल्पा'],
    ['Pyuthan', 'प्युठान'],
    ['Rolpa', 'रोल्पा'],
    ['Rupandehi', 'रुपन्देही'],
  ]),
  ...inProvince(6, [
    ['Dailekh', 'दैलेख'],
    ['Dolpa', 'डोल्पा'],
    ['Humla', 'हुम्ला'],
    ['Jajarkot', 'जाजरकोट'],
    ['Jumla', 'जुम्ला'],
    ['Kalikot', 'कालिकोट'],
    ['Mugu', 'मुगु'],
    ['Salyan', 'सल्यान'],
    ['Surkhet', 'सुर्खेत'],
    ['Western Rukum', 'रुकुम (पश्चिम)'],
  ]),
  ...inProvince(7, [
    ['Achham', 'अछाम'],
    ['Baitadi', 'बैतडी'],
    ['Bajhang', 'बझाङ'],
    ['Bajura', 'बाजुरा'],
    ['Dadeldhura', 'डडेल्धुरा'],
    ['Darchula', 'दार्चुला'],
    ['Doti', 'डोटी'],
    ['Kailali', 'कैलाली'],
    ['Kanchanpur', 'कञ्चनपुर'],
  ]),
];

/** A district by its English name (as stored), or undefined. */
export const districtNamed = (en: string): District | undefined => DISTRICTS.find((d) => d.en === en);

/** Whether a district (by English name) lies in a province (by number). */
export const districtInProvince = (en: string, province: number): boolean => districtNamed(en)?.province === province;
