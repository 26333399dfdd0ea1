/** Reads of homework by who sees it: the caller's, a group's, a pupil's quizzes; and the diagnostic skills. */
import type { DomainContext } from '../context.js';
import type { HomeworkRow } from '../schools/rows.js';
import { callerSchoolId, requireUser, superuserMay } from '../../kit/reach.js';
import { all, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

/**
 * Homework the caller sees: everything of their school for admins, otherwise what they own, co-teach or
 * set for their groups; newest first.
 *
 * @example
 * visibleHomework(ctx).map((h) => h.id)
 */
export function visibleHomework(ctx: DomainContext): HomeworkRow[] {
  const user = requireUser(ctx);
  const schoolId = callerSchoolId(ctx);
  if (superuserMay(user, 'act as school staff') || user.admin)
    return all<HomeworkRow>(
      ctx.db,
      'SELECT * FROM homework WHERE school_id = ? ORDER BY starts_at DESC, id DESC',
      schoolId,
    );
  return all<HomeworkRow>(
    ctx.db,
    `SELECT * FROM homework h WHERE h.school_id = ? AND (h.owner_id = ?
       OR EXISTS (SELECT 1 FROM homework_teachers t WHERE t.homework_id = h.id AND t.user_id = ?)
       OR EXISTS (SELECT 1 FROM homework_groups hg JOIN group_teachers gt ON gt.group_id = hg.group_id WHERE hg.homework_id = h.id AND gt.user_id = ?))
     ORDER BY h.starts_at DESC, h.id DESC`,
    schoolId,
    user.id,
    user.id,
    user.id,
  );
}

/**
 * Homework set for a group, newest first; `quizzes` keeps only question-set tests.
 *
 * @example
 * groupHomework(db, 4, false).length
 */
export function groupHomework(db: Db, groupId: number, quizzes: boolean): HomeworkRow[] {
  return quizzes
    ? all<HomeworkRow>(
        db,
        "SELECT h.* FROM homework h JOIN homework_groups hg ON hg.homework_id = h.id WHERE hg.group_id = ? AND h.game = 'quiz' ORDER BY h.starts_at DESC",
        groupId,
      )
    : all<HomeworkRow>(
        db,
        'SELECT h.* FROM homework h JOIN homework_groups hg ON hg.homework_id = h.id WHERE hg.group_id = ? ORDER BY h.starts_at DESC, h.id DESC',
        groupId,
      );
}

/**
 * Question-set tests set for a pupil, directly or through their groups, newest first.
 *
 * @example
 * pupilQuizzes(db, 12).map((h) => h.title)
 */
export function pupilQuizzes(db: Db, pupilId: number): HomeworkRow[] {
  return all<HomeworkRow>(
    db,
    `SELECT h.* FROM homework h WHERE h.game = 'quiz' AND (
       h.id IN (SELECT homework_id FROM homework_pupils WHERE user_id = ?) OR
       h.id IN (SELECT hg.homework_id FROM homework_groups hg JOIN group_pupils gp ON gp.group_id = hg.group_id WHERE gp.user_id = ?))
     ORDER BY h.starts_at DESC`,
    pupilId,
    pupilId,
  );
}

/**
 * The spelling diagnostic's skills, by stage.
 *
 * @example
 * diagnosticSkills(db)[0]?.stage // 1
 */
export function diagnosticSkills(db: Db): Row<'diagnostic_skills'>[] {
  return all<Row<'diagnostic_skills'>>(db, 'SELECT * FROM diagnostic_skills ORDER BY stage, id');
}
