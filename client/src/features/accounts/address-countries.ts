/** The officially assigned ISO 3166-1 alpha-2 codes: the Address's countryCode (part 1 §3). */
export const ISO_COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The countries of the product's sites come first: nearly every customer is in one of them. */
const SITE_COUNTRIES = ['AU', 'CA', 'NZ', 'GB', 'US'];

export interface CountryOption {
  value: string;
  label: string;
}

/** Options for a country picker, named in the visitor's language (English where the browser cannot say). */
export function countryOptions(locale?: string): { group: string; items: CountryOption[] }[] {
  const names = regionNames(locale);
  const option = (code: string): CountryOption => ({ value: code, label: names?.of(code) ?? code });
  const byName = (a: CountryOption, b: CountryOption) => a.label.localeCompare(b.label, locale);
  return [
    { group: 'FairDraw sites', items: SITE_COUNTRIES.map(option).sort(byName) },
    {
      group: 'All countries',
      items: ISO_COUNTRY_CODES.filter((code) => !SITE_COUNTRIES.includes(code))
        .map(option)
        .sort(byName),
    },
  ];
}

function regionNames(locale?: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames(locale ? [locale, 'en'] : ['en'], { type: 'region' });
  } catch {
    return undefined;
  }
}
