import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../components/shared/theme.css';
import { Localized } from '../../components/shared/Localized';
import { PopupApp } from '../../components/popup/PopupApp';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Localized>
        <PopupApp />
      </Localized>
    </StrictMode>,
  );
