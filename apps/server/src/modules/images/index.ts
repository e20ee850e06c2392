export { sweepAnonymousUploads } from './anonymous-uploads';
export { storeUploadedImage } from './store-uploaded-image';
