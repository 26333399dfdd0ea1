import { Route, Routes } from 'react-router';

/** The site's routes (placeholder until the pages land). */
export function App() {
  return (
    <Routes>
      <Route path="*" element={<main><h1>Literacy Shed</h1></main>} />
    </Routes>
  );
}
