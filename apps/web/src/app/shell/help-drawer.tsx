import { useRef, useState } from 'react';
import { Button, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HelpFaults } from './help-faults';
import { ALARM_HELP_SCREENS, HELP_PARTS, HELP_SCREENS, helpScreenFor, type HelpScreen } from './help-screens';
import { HELP_TOPICS } from './help-topics';

/** One screen's help: its title and paragraphs, and on the alarm screens the fault catalogue. */
function ScreenHelp({ screen }: { screen: HelpScreen }) {
  const { t } = useTranslation();
  return (
    <article data-testid="help-screen" data-screen={screen}>
      <Typography.Title level={4}>{t(`help.screens.${screen}.title`)}</Typography.Title>
      {HELP_PARTS.map((part) => (
        <section key={part} data-testid={`help-part-${part}`}>
          <h5>{t(`help.parts.${part}`)}</h5>
          <p>{t(`help.screens.${screen}.${part}`)}</p>
        </section>
      ))}
      {ALARM_HELP_SCREENS.has(screen) && <HelpFaults />}
    </article>
  );
}

/** Portal-wide advice (menu, permissions, lists, account, session), for pages without help of their own too. */
function GeneralHelp() {
  const { t } = useTranslation();
  return (
    <section data-testid="help-general">
      <Typography.Title level={5}>{t('help.generalTitle')}</Typography.Title>
      <p>{t('help.intro')}</p>
      {HELP_TOPICS.map((topic) => (
        <section key={topic}>
          <h5>{t(`help.${topic}.title`)}</h5>
          <p>{t(`help.${topic}.text`)}</p>
        </section>
      ))}
    </section>
  );
}

/**
 * Help for the current screen in the UI language, an index to every other screen's help, the general advice, and
 * the way to every past upgrade notice. The notices' path comes from the button: importing the route table here
 * made the bundler move the chunk-loading helper out of the entry into a chunk of its own, one more request for the
 * login page.
 */
export default function HelpDrawer({ onClose, noticesPath }: { onClose: () => void; noticesPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = helpScreenFor(useLocation().pathname);
  // A screen chosen in the index; undefined shows the current screen's help.
  const [chosen, setChosen] = useState<HelpScreen | undefined>(undefined);
  const top = useRef<HTMLDivElement>(null);
  const screen = chosen ?? current;

  const show = (next: HelpScreen | undefined) => {
    setChosen(next);
    // The index sits below the help: bring the newly chosen help into view (jsdom has no scrolling).
    top.current?.scrollIntoView?.({ block: 'start' });
  };
  const showNotices = () => {
    onClose();
    navigate(noticesPath);
  };

  return (
    <Drawer
      open
      onClose={onClose}
      size={600}
      title={t('help.title')}
      footer={
        <div className="help-footer">
          <Button type="link" onClick={showNotices} data-testid="help-notices">
            {t('notices.title')}
          </Button>
          <Button type="primary" onClick={onClose} data-testid="help-close">
            {t('common.close')}
          </Button>
        </div>
      }
    >
      <div className="help-section" data-testid="help-dialog" ref={top}>
        {chosen !== undefined && current !== undefined && chosen !== current && (
          <Button type="link" className="help-back" onClick={() => show(undefined)} data-testid="help-back">
            {t('help.backToCurrent', { screen: t(`help.screens.${current}.title`) })}
          </Button>
        )}
        {screen ? <ScreenHelp screen={screen} /> : <p data-testid="help-no-screen">{t('help.noScreen')}</p>}
        <nav aria-label={t('help.indexTitle')} data-testid="help-index">
          <Typography.Title level={5}>{t('help.indexTitle')}</Typography.Title>
          <ul className="help-index">
            {HELP_SCREENS.map((entry) => (
              <li key={entry}>
                <Button
                  type="link"
                  size="small"
                  aria-current={entry === screen ? 'true' : undefined}
                  onClick={() => show(entry)}
                  data-testid={`help-index-${entry}`}
                >
                  {t(`help.screens.${entry}.title`)}
                </Button>
              </li>
            ))}
          </ul>
        </nav>
        <GeneralHelp />
      </div>
    </Drawer>
  );
}
