import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStoredVendorSlug } from '../../lib/use-stored';
import { RegisterForm } from './RegisterForm';
import { SignInForm } from './SignInForm';

type Mode = 'signin' | 'register';

/** /login: Sign In and Vendor Registration (?mode=register). */
export default function LoginPage() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'register' ? 'register' : 'signin';
  const [registeredUsername, setRegisteredUsername] = useState('');
  const storedSlug = useStoredVendorSlug();
  const homePath = storedSlug ? `/${encodeURIComponent(storedSlug)}` : '/';
  useDocumentTitle(mode === 'register' ? 'Vendor Registration' : 'Sign In');

  const switchTo = (next: Mode) => setParams(next === 'register' ? { mode: 'register' } : {});

  return (
    <div className="px-4 py-10 sm:py-16">
      <div className={`mx-auto ${mode === 'register' ? 'max-w-3xl' : 'max-w-md'}`}>
        <div className="text-center">
          <p className="eyebrow">{mode === 'register' ? 'Become a reseller' : 'Welcome back'}</p>
          <h1 className="mt-2 text-4xl font-semibold">
            {mode === 'register' ? 'Vendor Registration' : 'Sign In'}
          </h1>
        </div>

        <div className="card mt-8 p-6 sm:p-8">
          {mode === 'signin' ? (
            <>
              <SignInForm key={registeredUsername} initialUsername={registeredUsername} />
              <p className="mt-6 text-center text-sm text-taupe">
                Want to become a reseller?{' '}
                <button type="button" className="link font-medium" onClick={() => switchTo('register')}>
                  Register here
                </button>
              </p>
            </>
          ) : (
            <>
              <RegisterForm
                onRegistered={(username) => {
                  setRegisteredUsername(username);
                  switchTo('signin');
                }}
              />
              <p className="mt-6 text-center text-sm text-taupe">
                Already registered?{' '}
                <button type="button" className="link font-medium" onClick={() => switchTo('signin')}>
                  Sign in here
                </button>
              </p>
            </>
          )}
        </div>

        <p className="mt-6 text-center text-sm">
          <Link to={homePath} className="link">
            ← Back to Home
          </Link>
        </p>
      </div>
    </div>
  );
}
