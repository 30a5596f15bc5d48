/** The brand feature's public entry: step 10's brand calls (read, keep on the organization, upload a logo). */
export { useReportBrand } from './api/get-brand';
export { saveBrand } from './api/save-brand';
export { uploadLogo } from './api/upload-logo';
