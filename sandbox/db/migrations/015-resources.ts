import type { Migration } from './migration.js';

/** Literacy resources: types, resources with their browse categories and curricula, and downloadable files. */
export const resourcesSchema: Migration = {
  version: 15,
  name: 'resources',
  sql: `
CREATE TABLE resource_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE resources (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  url_key TEXT NOT NULL UNIQUE,
  ident TEXT NOT NULL UNIQUE,
  type_id INTEGER REFERENCES resource_types(id),
  image TEXT NOT NULL DEFAULT '',        -- semicolon-separated list; the first is the thumbnail
  availability TEXT NOT NULL CHECK (availability IN ('free', 'members')),
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX resources_created ON resources(created_at);

-- The browse paths of the site's Resources menu (free-resources, age-5-7, poetry-shed...).
CREATE TABLE resource_categories (
  resource_id INTEGER NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
  category TEXT NOT NULL,
  PRIMARY KEY (resource_id, category)
);
CREATE INDEX resource_categories_category ON resource_categories(category);

CREATE TABLE resource_curricula (
  resource_id INTEGER NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
  curriculum_id INTEGER NOT NULL,
  PRIMARY KEY (resource_id, curriculum_id)
);
CREATE INDEX resource_curricula_curriculum ON resource_curricula(curriculum_id);

CREATE TABLE resource_files (
  id INTEGER PRIMARY KEY,
  resource_id INTEGER NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  mime TEXT NOT NULL,
  size INTEGER NOT NULL,
  access_uuid TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX resource_files_resource ON resource_files(resource_id);
`,
};
