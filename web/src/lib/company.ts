/** The company behind the portal (spec §1, §2: a Tallinn legal entity with a registry code). */
export const COMPANY = {
  name: 'Shelf Board Services OÜ',
  brand: 'Shelf Board',
  registryCode: '16543210',
  street: 'Narva mnt 5',
  postalCode: '10117',
  city: 'Tallinn',
  country: 'Estonia',
  email: 'info@shelfboard.ee',
  phone: '+372 600 1234',
  /**
   * The company's social media pages (spec §2: the footer has social icon links). The spec names no addresses;
   * these are the ones the build settings have always been documented with (issue 18), each overridable by its
   * setting (lib/social-links.ts).
   */
  social: {
    Facebook: 'https://www.facebook.com/shelfboard',
    LinkedIn: 'https://www.linkedin.com/company/shelf-board',
    Instagram: 'https://www.instagram.com/shelfboard',
  },
} as const;

export const COMPANY_ADDRESS = `${COMPANY.street}, ${COMPANY.postalCode} ${COMPANY.city}`;

export const MONTHLY_PAY_EUR = 500;
export const TERM_MONTHS = 6;
export const MINIMUM_AGE = 21;
