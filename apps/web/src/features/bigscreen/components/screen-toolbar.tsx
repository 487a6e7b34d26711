import { useEffect, useState } from 'react';
import { Button, Select } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BigScreenView } from '@voltfleet/domain/big-screen';
import { LanguageSwitch } from '@/components/language-switch';
import { ROTATE_CHOICES, ROTATE_PARAM, rotationSeconds } from './rotation';

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setOn(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    // Refused (no user gesture, a browser that forbids it): the screen stays as it is.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [on, toggle];
}

/** The views, the rotation, the language and full screen: the wall's controls, top right. */
export function ScreenToolbar({ view, views }: { view: BigScreenView; views: readonly BigScreenView[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const rotate = rotationSeconds(params.get(ROTATE_PARAM));
  const search = params.toString();
  return (
    <nav className="bs-toolbar" aria-label={t('bigScreen.toolbar.label')}>
      {views.map((v) => (
        <Link
          key={v}
          to={{ pathname: `/bigScreen/${v}`, search }}
          className={`bs-tab${v === view ? ' bs-tab-active' : ''}`}
          aria-current={v === view ? 'page' : undefined}
          data-testid={`bigscreen-tab-${v}`}
        >
          {t(`bigScreen.views.${v}`)}
        </Link>
      ))}
      <Select
        className="bs-rotate"
        value={ROTATE_CHOICES.includes(rotate) ? rotate : 0}
        aria-label={t('bigScreen.toolbar.rotate')}
        data-testid="bigscreen-rotate"
        options={ROTATE_CHOICES.map((s) => ({
          value: s,
          label: s === 0 ? t('bigScreen.toolbar.rotateOff') : t('bigScreen.toolbar.rotateEvery', { s }),
        }))}
        onChange={(s: number) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              if (s > 0) next.set(ROTATE_PARAM, String(s));
              else next.delete(ROTATE_PARAM);
              return next;
            },
            { replace: true },
          )
        }
      />
      <LanguageSwitch />
      <Button
        icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggleFullscreen}
        aria-label={fullscreen ? t('bigScreen.toolbar.exitFullscreen') : t('bigScreen.toolbar.fullscreen')}
        title={fullscreen ? t('bigScreen.toolbar.exitFullscreen') : t('bigScreen.toolbar.fullscreen')}
        data-testid="bigscreen-fullscreen"
      />
    </nav>
  );
}
