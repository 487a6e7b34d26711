import type { ReactNode } from 'react';

/** A labelled login field with its error line (the login page avoids antd Form to stay light). */
export function LoginField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      {children}
      <div className="login-field-error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
