export { sweepAnonymousUploads } from './anonymous-uploads';
