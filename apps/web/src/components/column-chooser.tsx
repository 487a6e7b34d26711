import { Button, Checkbox, Popover } from 'antd';
import { LockOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ColumnOption } from '@/lib/column-choice';
import './column-chooser.css';

interface Props {
  /** Test id stem: `<testId>` on the button, `<testId>-<column>` on each box, `<testId>-reset`. */
  testId: string;
  options: readonly ColumnOption[];
  onToggle: (id: string, shown: boolean) => void;
  onReset: () => void;
  /** Whether every column is shown (the default): nothing to reset. */
  isDefault: boolean;
}

/**
 * The list's column chooser: a button above the table opening the list of its columns, a box each (frozen key columns
 * ticked and locked), and "reset to default".
 */
export function ColumnChooser({ testId, options, onToggle, onReset, isDefault }: Props) {
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
            {option.frozen && <LockOutlined className="column-chooser-lock" aria-label={t('columns.chooser.frozen')} />}
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
    <Popover trigger="click" placement="bottomRight" title={t('columns.chooser.title')} content={content}>
      <Button size="small" icon={<SettingOutlined />} data-testid={testId}>
        {t('columns.chooser.button')}
      </Button>
    </Popover>
  );
}
