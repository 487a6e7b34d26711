import { useState, type KeyboardEvent } from 'react';
import { Input, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePlants } from '../api/get-plants';
import { searchPlants } from '../utils/plant-list-view';
import { plantDetailPath } from '../utils/plant-paths';
import { PlantStatusTag } from './plant-status-tag';
import './plant-list.css';

const LIST_ID = 'project-switcher-list';

/**
 * The shell's project list (R2.12): the user's plants with their status, searched by name or address as one types;
 * arrow keys move, Enter opens the plant's detail, Escape closes.
 */
export default function ProjectSwitcher({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const plants = usePlants({ status: 'all' });
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const found = searchPlants(plants.data ?? [], text);
  const current = Math.min(active, Math.max(0, found.length - 1));

  const open = (plantId: number) => {
    onClose();
    navigate(plantDetailPath(plantId));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(found.length ? (current + step + found.length) % found.length : 0);
    } else if (event.key === 'Enter' && found[current]) {
      event.preventDefault();
      open(found[current].plantId);
    }
  };

  return (
    <Modal open title={t('plantList.projects.title')} footer={null} onCancel={onClose} destroyOnHidden>
      <Input.Search
        autoFocus
        allowClear
        value={text}
        placeholder={t('plantList.searchPlaceholder')}
        data-testid="project-search"
        role="combobox"
        aria-expanded
        aria-controls={LIST_ID}
        aria-activedescendant={found[current] ? `project-${found[current].plantId}` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <Spin spinning={plants.isFetching && !plants.data}>
        <ul id={LIST_ID} role="listbox" aria-label={t('plantList.projects.title')} className="plant-switcher-list">
          {found.map((plant, index) => (
            <li
              key={plant.plantId}
              id={`project-${plant.plantId}`}
              role="option"
              aria-selected={index === current}
              className="plant-switcher-item"
              data-testid={`project-${plant.plantId}`}
              onMouseEnter={() => setActive(index)}
              onClick={() => open(plant.plantId)}
            >
              <span className="plant-switcher-name">
                {plant.name}
                <PlantStatusTag status={plant.status} />
              </span>
              <span className="plant-switcher-address">{plant.address}</span>
            </li>
          ))}
          {plants.data && found.length === 0 && <li className="plant-switcher-empty">{t('plantList.noData')}</li>}
        </ul>
      </Spin>
    </Modal>
  );
}
