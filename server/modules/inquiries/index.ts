/**
 * Inquiries' face: the contact form's inquiries, their form tokens and routes.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The inquiries service and the tokens of a public form
export { createInquiriesService } from './inquiries.service.ts';
export { createFormTokens } from './form-tokens.ts';

// Routes
export { publicInquiriesRoutes } from './inquiries.routes.ts';
export { adminInquiriesRoutes } from './inquiries.admin.routes.ts';
