import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from '@/app/app-router';
import { askFirstData, preloadShellPage } from '@/app/page-registry';
import { Providers } from '@/app/providers';
import { initI18n } from '@/lib/i18n';
import { initialLang } from '@/lib/lang';
import { getSession } from '@/lib/session';
import '@/app/app.css';
import '@/app/lists.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A signed-in arrival on a shell page: its code and its first data load beside the first language instead of after
// the first render.
if (getSession()) {
  preloadShellPage(window.location.pathname);
  askFirstData(window.location.pathname, initialLang());
}

// The first language (strings and Ant Design locale) is loaded before the first render, so nothing flickers.
// Should its chunk fail, the app still starts (showing message keys) rather than staying blank.
void initI18n(initialLang())
  .catch((error: unknown) => console.error(error))
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    );
  });
