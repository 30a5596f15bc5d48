/**
 * The reviews feature's calls without its components: a second public entry for pages that check reviews but
 * draw none (the dashboard's step to Final, the wizard's Final banner). Through index.ts, the dashboard's start-up
 * took the chunk the review components share with the editor and the Export page, and evaluated it with its dialogs
 * and schemas.
 */
export { getReviews, useReviews } from './api/get-reviews';
