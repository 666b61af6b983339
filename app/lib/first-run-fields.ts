/** The first run's controls that are not the College form's: the logo file and the two-factor box. */
export const FIRST_RUN_LOGO = 'logo';
export const REQUIRE_TWO_FACTOR = 'requireTwoFactor';
/** The owner's controls, named apart from the college's own name and e-mail. */
export const OWNER_NAME = 'ownerName';
export const OWNER_EMAIL = 'ownerEmail';
