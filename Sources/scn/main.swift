import Foundation
import ScenarioTool

exit(ScenarioTool.main())
