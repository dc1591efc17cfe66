import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../components/theme.css';
import { PopupApp } from '../../components/PopupApp';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <PopupApp />
    </StrictMode>,
  );
