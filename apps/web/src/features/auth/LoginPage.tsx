import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { MSG } from '@zevar/domain';
import type { LoginLocationState } from '../../components/SessionEndHandler';
import { acknowledgeSessionEnd } from '../../lib/storage';
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

  const sessionEnded = (useLocation().state as LoginLocationState)?.sessionEnded === true;
  // Requests still in flight when the session ended have failed quietly; from here errors show again.
  useEffect(() => () => acknowledgeSessionEnd(), []);

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

        {sessionEnded && mode === 'signin' && (
          <p
            role="alert"
            className="mt-6 rounded-md bg-amber-50 px-4 py-3 text-center text-sm text-amber-900"
          >
            {MSG.sessionEnded}
          </p>
        )}
        {/* Signing in again (or leaving) ends the quiet period after a session end: errors show again. */}
        <div className="card mt-8 p-6 sm:p-8" onSubmitCapture={acknowledgeSessionEnd}>
          {mode === 'signin' ? (
            <SignInForm
              key={registeredUsername}
              initialUsername={registeredUsername}
              footer={
                <>
                  <p className="mt-4 text-center text-sm">
                    <Link to="/forgot-password" className="link font-medium">
                      Forgot password?
                    </Link>
                  </p>
                  <p className="mt-6 text-center text-sm text-taupe">
                    Want to become a reseller?{' '}
                    <button type="button" className="link font-medium" onClick={() => switchTo('register')}>
                      Register here
                    </button>
                  </p>
                </>
              }
            />
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
