/** Comments with mentions on sections and wizard items. */
export { useComments } from './api/list-comments';
export { CommentButton } from './components/comment-button';
export { CommentThreads } from './components/comment-threads';
