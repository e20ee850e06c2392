export * from './users';
export * from './plans';
export * from './catalogue';
export * from './commerce';
export * from './email';
export * from './stock';
export * from './invoicing';
export * from './images';
