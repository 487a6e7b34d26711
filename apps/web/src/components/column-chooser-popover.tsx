import { Button, Checkbox, Popover } from 'antd';
import { PushpinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ColumnChooserButton, type ColumnChooserProps } from './column-chooser-button';

/**
 * The column chooser's popover, opened on its button: the list's columns, a box each (frozen key columns ticked and
 * pinned), and "reset to default". Loaded when the button is first pressed (components/column-chooser.tsx).
 */
export default function ColumnChooserPopover({ testId, options, onToggle, onReset, isDefault }: ColumnChooserProps) {
  const { t } = useTranslation();
  const content = (
    <div className="column-chooser" data-testid={`${testId}-panel`}>
      <ul>
        {options.map((option) => (
          <li key={option.id}>
            <Checkbox
              checked={option.shown}
              disabled={option.frozen}
              data-testid={`${testId}-${option.id}`}
              onChange={(event) => onToggle(option.id, event.target.checked)}
            >
              {option.label}
            </Checkbox>
            {option.frozen && (
              <PushpinOutlined className="column-chooser-lock" aria-label={t('columns.chooser.frozen')} />
            )}
          </li>
        ))}
      </ul>
      <p className="column-chooser-note">{t('columns.chooser.frozenNote')}</p>
      <Button size="small" disabled={isDefault} onClick={onReset} data-testid={`${testId}-reset`}>
        {t('columns.chooser.reset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" defaultOpen title={t('columns.chooser.title')} content={content}>
      <ColumnChooserButton testId={testId} />
    </Popover>
  );
}
