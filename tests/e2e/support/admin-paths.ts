/**
 * The admin's admission status page: where the status is set by hand (the published season's override, or
 * the status shown while none is published). It is the admin's first page today and is to move to its own
 * address; tests reach it through this name.
 */
export const ADMISSION_STATUS_PAGE = '/admin';
