import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';

/** The big screens are laid out once, for a 1920×1080 stage, and scaled to the screen (3840×2160 is twice as big). */
export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

function fit(): { scale: number; left: number; top: number } {
  const scale = Math.min(window.innerWidth / STAGE_WIDTH, window.innerHeight / STAGE_HEIGHT) || 1;
  return {
    scale,
    left: (window.innerWidth - STAGE_WIDTH * scale) / 2,
    top: (window.innerHeight - STAGE_HEIGHT * scale) / 2,
  };
}

/**
 * A fixed 1920×1080 stage scaled to fit the window (letterboxed when the screen's shape differs), so the layout,
 * the map's projection and the charts are the same on every wall and there is never a scroll bar. Ant Design's
 * pop-ups (the rotation and plant selects, the language menu) open inside the stage, so they are scaled with it:
 * in the page's body they came out at 1920-layout size on a 4K wall.
 */
export function Stage({ children }: { children: ReactNode }) {
  const [box, setBox] = useState(fit);
  const stage = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onResize = () => setBox(fit());
    window.addEventListener('resize', onResize);
    // The page's own scroll bars stay off while a big screen is open.
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('resize', onResize);
      html.style.overflow = overflow;
    };
  }, []);
  return (
    <div className="bs-root" data-testid="bigscreen">
      <div
        ref={stage}
        className="bs-stage"
        style={{
          width: STAGE_WIDTH,
          height: STAGE_HEIGHT,
          transform: `translate(${box.left}px, ${box.top}px) scale(${box.scale})`,
        }}
      >
        <ConfigProvider getPopupContainer={() => stage.current ?? document.body}>{children}</ConfigProvider>
      </div>
    </div>
  );
}
