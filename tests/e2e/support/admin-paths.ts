/**
 * The admin's admission status page: where the status is set by hand (the published season's override, or
 * the status shown while none is published). The admin's first page is Today (/admin).
 */
export const ADMISSION_STATUS_PAGE = '/admin/admission';
