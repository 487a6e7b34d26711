import { useSyncExternalStore } from 'react';
import { Button, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => document.fullscreenElement !== null;

/** Header toggle for the browser's full-screen mode (hidden where the Fullscreen API is not offered). */
export function FullscreenButton() {
  const { t } = useTranslation();
  const active = useSyncExternalStore(subscribe, isFullscreen);
  if (!document.fullscreenEnabled) return null;
  const label = active ? t('shell.exitFullscreen') : t('shell.fullscreen');
  const toggle = () => void (active ? document.exitFullscreen() : document.documentElement.requestFullscreen());
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        data-testid="fullscreen-toggle"
        icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
