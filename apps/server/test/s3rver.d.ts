/** s3rver ships no types; the tests use only its constructor, run() and close(). */
declare module 's3rver' {
  const S3rver: new (opts: object) => {
    run: () => Promise<{ port: number }>;
    close: () => Promise<void>;
  };
  export default S3rver;
}
